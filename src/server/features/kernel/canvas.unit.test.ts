import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeSnapshot } from '../../../core/rules/kernel-snapshot';
import { createCanvas, type OwnedBit } from './canvas';

const size = 40;
const bitAt = (i: number, version: number, colour: number): OwnedBit => ({
  x: i % size,
  y: Math.floor(i / size),
  ownerId: 1 + (i % 7),
  colorR: colour >> 16,
  colorG: (colour >> 8) & 255,
  colorB: colour & 255,
  version,
});

/** What the client gets: the canvas's frame through node:zlib, decoded by the client's own decoder. */
const decoded = (canvas: ReturnType<typeof createCanvas>) => decodeSnapshot(deflateSync(canvas.rawFrame().raw));

describe('the server canvas', () => {
  it('frames decode with the client decoder to exactly what was painted, across 1- and 2-byte palette indices', () => {
    const canvas = createCanvas(size, size);
    const painted = new Map<number, number>();
    // 1,600 bits, each its own colour: the palette passes 255 and then, by colour reuse, stays under 65,536;
    // the 3-byte case is the next test.
    for (let i = 0; i < size * size; i++) {
      const colour = (i * 2_654_435_761) & 0xffffff;
      canvas.paint(bitAt(i, i + 1, colour));
      painted.set(i, colour);
      if (i === 200 || i === 255 || i === 256 || i === 1_599) {
        const grid = decoded(canvas);
        expect(grid.version).toBe(i + 1);
        for (let j = 0; j < size * size; j++) {
          const colour = painted.get(j);
          expect(grid.owned[j]).toBe(colour === undefined ? 0 : 1);
          if (colour !== undefined)
            expect([...grid.rgb.subarray(j * 3, j * 3 + 3)]).toEqual([colour >> 16, (colour >> 8) & 255, colour & 255]);
        }
      }
    }
  });

  it('uses 3-byte indices past 65,535 colours and still decodes', () => {
    const width = 300;
    const canvas = createCanvas(width, width);
    for (let i = 0; i < 70_000; i++)
      canvas.paint({
        x: i % width,
        y: Math.floor(i / width),
        ownerId: 1,
        colorR: i >> 16,
        colorG: (i >> 8) & 255,
        colorB: i & 255,
        version: i + 1,
      });
    const grid = decodeSnapshot(deflateSync(canvas.rawFrame().raw));
    expect(grid.owned[69_999]).toBe(1);
    expect([...grid.rgb.subarray(69_999 * 3, 69_999 * 3 + 3)]).toEqual([
      69_999 >> 16,
      (69_999 >> 8) & 255,
      69_999 & 255,
    ]);
    expect(grid.owned[70_000]).toBe(0);
  });

  it('counts its version only up to a gap, paints twice harmlessly, and answers regions with owners', () => {
    const canvas = createCanvas(size, size);
    canvas.paint(bitAt(0, 1, 0x010203));
    canvas.paint(bitAt(5, 3, 0x040506)); // version 2 has not arrived yet
    expect(canvas.version()).toBe(1);
    canvas.paint(bitAt(5, 3, 0x040506));
    canvas.paint(bitAt(3, 2, 0x070809));
    expect(canvas.version()).toBe(3);
    expect(canvas.region(0, 0, 4, 0)).toEqual([
      { x: 0, y: 0, ownerId: 1, colorR: 1, colorG: 2, colorB: 3 },
      { x: 3, y: 0, ownerId: 4, colorR: 7, colorG: 8, colorB: 9 },
    ]);
    expect(canvas.region(1, 1, 39, 39)).toEqual([]);
  });

  it('a new season clears every bit and its palette, and a late bit of the old season is never painted back', () => {
    const canvas = createCanvas(size, size);
    for (let i = 0; i < 10; i++) canvas.paint(bitAt(i, i + 1, 0xff0000 + i));
    // A bit of the new season arrives before the reset (the bus can be ahead of the database catch-up).
    canvas.paint(bitAt(20, 12, 0x00ff00));
    expect(canvas.version()).toBe(10);
    canvas.reset(11);
    expect(canvas.version()).toBe(11);
    expect(canvas.seasonStart()).toBe(11);
    expect(decoded(canvas).owned.every((o) => o === 0)).toBe(true);
    expect(canvas.region(0, 0, size - 1, size - 1)).toEqual([]);
    canvas.paint(bitAt(3, 9, 0x0000ff));
    expect(canvas.region(0, 0, size - 1, size - 1)).toEqual([]);
    // The wiped bit of the new season is read again from the database and painted then.
    canvas.paint(bitAt(20, 12, 0x00ff00));
    expect(canvas.version()).toBe(12);
    expect(canvas.region(0, 0, size - 1, size - 1)).toEqual([
      { x: 20 % size, y: 0, ownerId: 1 + (20 % 7), colorR: 0, colorG: 255, colorB: 0 },
    ]);
    const rgb = canvas.rgb([5, 7, 10]);
    expect([...rgb.subarray(20 * 3, 20 * 3 + 3)]).toEqual([0, 255, 0]);
    expect([...rgb.subarray(0, 3)]).toEqual([5, 7, 10]);
  });
});
