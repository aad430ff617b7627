import { inflateSync } from 'node:zlib';

/** Reads an RGB PNG with one IDAT and filter 0 on every row (what the Kernel's archive writes): pixel (x, y) → [r, g, b]. */
export function pngPixels(png: Buffer): (x: number, y: number) => number[] {
  const width = png.readUInt32BE(16);
  const idatAt = png.indexOf('IDAT', 8, 'latin1');
  const raw = inflateSync(png.subarray(idatAt + 4, idatAt + 4 + png.readUInt32BE(idatAt - 4)));
  return (x, y) => {
    const at = y * (width * 3 + 1) + 1 + x * 3;
    return [raw[at]!, raw[at + 1]!, raw[at + 2]!];
  };
}
