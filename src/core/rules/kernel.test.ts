import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitPrice, clampZoom, formatZoom, isColorChannel, isOnGrid, stepZoom, zoomLevels } from './kernel';
import { decodeSnapshot, emptyGrid, encodeSnapshot, type GridPixels } from './kernel-snapshot';

describe('bit price (spec §9)', () => {
  it.each([
    ['centre', 400, 400, 20],
    ['top-left corner', 0, 0, 1],
    ['top-right corner', 799, 0, 1],
    ['bottom-left corner', 0, 799, 1],
    ['bottom-right corner', 799, 799, 1],
    ['top edge midpoint', 400, 0, 7],
    ['left edge midpoint', 0, 400, 7],
    ['right edge midpoint', 799, 400, 7],
    ['bottom edge midpoint', 400, 799, 7],
  ])('%s (%i, %i) costs %i', (_, x, y, price) => {
    expect(bitPrice(x, y)).toBe(price);
  });

  it.each([
    [-1, 0],
    [0, -1],
    [800, 0],
    [0, 800],
    [1.5, 2],
    [Number.NaN, 3],
  ])('refuses (%s, %s) outside the grid', (x, y) => {
    expect(() => bitPrice(x, y)).toThrow(RangeError);
    expect(isOnGrid(x, y)).toBe(false);
  });

  it('is 1–20 everywhere and never rises moving away from the centre', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 799 }), fc.integer({ min: 0, max: 799 }), (x, y) => {
        const p = bitPrice(x, y);
        expect(p).toBeGreaterThanOrEqual(1);
        expect(p).toBeLessThanOrEqual(20);
        const outward = { x: x < 400 ? x - 1 : x + 1, y };
        if (isOnGrid(outward.x, outward.y)) expect(bitPrice(outward.x, outward.y)).toBeLessThanOrEqual(p);
      }),
    );
  });
});

describe('colour channels', () => {
  it.each([0, 1, 128, 255])('accepts %s', (v) => expect(isColorChannel(v)).toBe(true));
  it.each([-1, 256, 1.5, Number.NaN, '12', null, undefined, Infinity])('refuses %s', (v) =>
    expect(isColorChannel(v)).toBe(false),
  );
});

describe('zoom (spec §9: 0.1× to 30× in steps of 1.5×)', () => {
  it('runs from 0.1× to 30× multiplying by 1.5', () => {
    expect(zoomLevels[0]).toBe(0.1);
    expect(zoomLevels.at(-1)).toBe(30);
    for (let i = 1; i < zoomLevels.length - 1; i++) expect(zoomLevels[i]! / zoomLevels[i - 1]!).toBeCloseTo(1.5, 5);
  });
  it('steps up and down the ladder and stops at the ends', () => {
    expect(stepZoom(1, 1)).toBeCloseTo(1.139, 2);
    expect(stepZoom(30, 1)).toBe(30);
    expect(stepZoom(0.1, -1)).toBe(0.1);
    expect(stepZoom(0.15, -1)).toBe(0.1);
    expect(clampZoom(100)).toBe(30);
    expect(clampZoom(0.01)).toBe(0.1);
  });
  it('labels the zoom', () => {
    expect(formatZoom(0.1)).toBe('0.10×');
    expect(formatZoom(1.5)).toBe('1.5×');
    expect(formatZoom(30)).toBe('30×');
  });
});

const gridArb = fc
  .record({
    width: fc.integer({ min: 1, max: 40 }),
    height: fc.integer({ min: 1, max: 40 }),
    version: fc.nat({ max: 2 ** 32 - 1 }),
    seed: fc.array(fc.tuple(fc.nat(), fc.nat({ max: 0xffffff })), { maxLength: 400 }),
  })
  .map(({ width, height, version, seed }): GridPixels => {
    const g = emptyGrid(width, height);
    g.version = version;
    for (const [at, rgb] of seed) {
      const i = at % (width * height);
      g.owned[i] = 1;
      g.rgb.set([rgb >> 16, (rgb >> 8) & 0xff, rgb & 0xff], i * 3);
    }
    return g;
  });

describe('snapshot codec', () => {
  it('decodes what it encodes (property)', () => {
    fc.assert(
      fc.property(gridArb, (g) => {
        const back = decodeSnapshot(encodeSnapshot(g));
        expect(back.version).toBe(g.version);
        expect([back.width, back.height]).toEqual([g.width, g.height]);
        expect(Buffer.compare(back.owned, g.owned)).toBe(0);
        for (let i = 0; i < g.owned.length; i++) if (!g.owned[i]) g.rgb.fill(0, i * 3, i * 3 + 3);
        expect(Buffer.compare(back.rgb, g.rgb)).toBe(0);
      }),
    );
  });

  it('round-trips a full 800×800 canvas with 70,000 colours (3-byte indices) and refuses garbage', () => {
    const g = emptyGrid(800, 800);
    for (let i = 0; i < 640_000; i++) {
      g.owned[i] = 1;
      const c = (i % 70_000) * 239;
      g.rgb.set([c >> 16, (c >> 8) & 0xff, c & 0xff], i * 3);
    }
    g.version = 640_000;
    const back = decodeSnapshot(encodeSnapshot(g));
    expect(Buffer.compare(back.rgb, g.rgb)).toBe(0);
    expect(Buffer.compare(back.owned, g.owned)).toBe(0);
    expect(() => decodeSnapshot(new Uint8Array([1, 2, 3]))).toThrow();
    // A bound, not a speed target: 640,000 bits through the codec took 6 s on a loaded two-core machine.
  }, 60_000);
});
