import { describe, expect, it } from 'vitest';
import {
  bitAt,
  caughtUp,
  initialView,
  keyAction,
  panBy,
  receiveVersion,
  stepAbout,
  wheelFactor,
  zoomAbout,
} from './kernel-model';

describe('kernel view', () => {
  it('starts with the whole grid in sight at a ladder zoom', () => {
    const v = initialView(1000, 700);
    expect(v.zoom).toBeLessThanOrEqual(700 / 800);
    expect(bitAt(v, 500, 350)).toEqual({ x: expect.any(Number), y: expect.any(Number) });
    expect(bitAt(v, v.offsetX - 1, 350)).toBeNull();
  });

  it('zooms about the pointer: the bit under it stays under it', () => {
    const v = { zoom: 1, offsetX: 0, offsetY: 0 };
    const z = zoomAbout(v, 4, 300, 200);
    expect(bitAt(z, 300, 200)).toEqual({ x: 300, y: 200 });
    expect(z.zoom).toBe(4);
  });

  it('never zooms past 0.1× or 30×', () => {
    let v = { zoom: 1, offsetX: 0, offsetY: 0 };
    for (let i = 0; i < 40; i++) v = stepAbout(v, 1, 0, 0);
    expect(v.zoom).toBe(30);
    for (let i = 0; i < 40; i++) v = stepAbout(v, -1, 0, 0);
    expect(v.zoom).toBe(0.1);
    expect(zoomAbout(v, 1000, 0, 0).zoom).toBe(30);
  });

  it('pans but keeps part of the grid on screen', () => {
    const v = panBy({ zoom: 1, offsetX: 0, offsetY: 0 }, -5000, 5000, 400, 400);
    expect(v.offsetX).toBe(48 - 800);
    expect(v.offsetY).toBe(400 - 48);
  });

  it('maps keys: arrows pan, + and − zoom, Enter buys, others pass', () => {
    expect(keyAction('ArrowLeft', false)).toEqual({ kind: 'pan', dx: 48, dy: 0 });
    expect(keyAction('ArrowDown', true)).toEqual({ kind: 'pan', dx: 0, dy: -192 });
    expect(keyAction('+', false)).toEqual({ kind: 'zoom', direction: 1 });
    expect(keyAction('-', false)).toEqual({ kind: 'zoom', direction: -1 });
    expect(keyAction('Enter', false)).toEqual({ kind: 'buy' });
    expect(keyAction('Tab', false)).toBeNull();
  });

  it('turns one wheel notch into one 1.5× step', () => {
    expect(wheelFactor(-100, 0)).toBeCloseTo(1.5);
    expect(wheelFactor(100, 0)).toBeCloseTo(1 / 1.5);
  });
});

describe('grid stream versions', () => {
  it('takes the next version and ignores repeats', () => {
    const r = receiveVersion({ version: 4, ahead: [] }, 5);
    expect(r).toEqual({ state: { version: 5, ahead: [] }, paint: true, catchUp: false });
    expect(receiveVersion(r.state, 5).paint).toBe(false);
  });

  it('paints an update past a gap at once but asks for a catch-up, then closes the gap', () => {
    const r = receiveVersion({ version: 4, ahead: [] }, 7);
    expect(r).toEqual({ state: { version: 4, ahead: [7] }, paint: true, catchUp: true });
    const filled = receiveVersion(receiveVersion(r.state, 5).state, 6);
    expect(filled.state).toEqual({ version: 7, ahead: [] });
    expect(caughtUp(r.state, 6)).toEqual({ version: 7, ahead: [] });
  });
});
