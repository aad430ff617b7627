import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng } from './png';

/** Splits a PNG into its chunks, checking each CRC, as an image viewer would. */
function chunks(png: Buffer): { type: string; data: Buffer }[] {
  const out: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.byteLength;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length), `${type} CRC`).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    out.push({ type, data });
    at += 12 + length;
  }
  return out;
}

describe('the season archive PNG', () => {
  it('decodes back to the exact pixels of the canvas', async () => {
    const width = 5;
    const height = 3;
    const rgb = Uint8Array.from({ length: width * height * 3 }, (_, i) => (i * 37 + 11) % 256);
    const png = await encodePng(width, height, rgb);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const parts = chunks(png);
    expect(parts.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const ihdr = parts[0]!.data;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]]).toEqual([width, height, 8, 2]);
    const raw = inflateSync(parts[1]!.data);
    expect(raw.byteLength).toBe(height * (width * 3 + 1));
    for (let y = 0; y < height; y++) {
      expect(raw[y * (width * 3 + 1)], 'filter type of row').toBe(0);
      expect([...raw.subarray(y * (width * 3 + 1) + 1, (y + 1) * (width * 3 + 1))]).toEqual([
        ...rgb.subarray(y * width * 3, (y + 1) * width * 3),
      ]);
    }
  });

  it('encodes a full 800×800 canvas of one colour in a few kilobytes', async () => {
    const rgb = new Uint8Array(800 * 800 * 3).fill(200);
    const png = await encodePng(800, 800, rgb);
    expect(png.byteLength).toBeLessThan(20_000);
    const idat = chunks(png).find((c) => c.type === 'IDAT')!;
    expect(inflateSync(idat.data)[1 + 3 * 799 + 2]).toBe(200);
  });

  it('refuses pixels that do not match the size', async () => {
    await expect(encodePng(2, 2, new Uint8Array(11))).rejects.toThrow(RangeError);
  });
});
