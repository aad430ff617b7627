import { describe, expect, it } from 'vitest';
import { openZoom } from './kernel-model';
import { readUrlView, writeUrlView } from './kernel-url';

describe('the Kernel view in the URL', () => {
  it('reads a shared spot and writes it back unchanged', () => {
    const view = readUrlView('?x=321&y=123&zoom=11.5', 5);
    expect(view).toEqual({ x: 321, y: 123, zoom: 11.5 });
    expect(readUrlView(writeUrlView('', view!), 5)).toEqual(view);
  });

  it('clamps a spot off the grid and a zoom out of range instead of failing', () => {
    expect(readUrlView('?x=-40&y=9999&zoom=500', 5)).toEqual({ x: 0, y: 799, zoom: 30 });
    expect(readUrlView('?x=10.6&y=2&zoom=0.001', 5)).toEqual({ x: 11, y: 2, zoom: 0.1 });
  });

  it('ignores a spot without numbers, and a bad zoom alone falls back to the opening zoom', () => {
    expect(readUrlView('', 5)).toBeNull();
    expect(readUrlView('?x=abc&y=3', 5)).toBeNull();
    expect(readUrlView('?x=1', 5)).toBeNull();
    expect(readUrlView('?x=1&y=2&zoom=NaN', 5)).toEqual({ x: 1, y: 2, zoom: 5 });
    expect(readUrlView('?x=1&y=2&zoom=-3', 5)).toEqual({ x: 1, y: 2, zoom: 5 });
  });

  it('keeps other parameters when writing', () => {
    expect(writeUrlView('?tab=1', { x: 5, y: 6, zoom: 1.5 })).toBe('?tab=1&x=5&y=6&zoom=1.5');
  });

  it('opens at a zoom where one bit is at least 4 px', () => {
    expect(openZoom()).toBeGreaterThanOrEqual(4);
    expect(openZoom()).toBeLessThan(4 * 1.5);
  });
});
