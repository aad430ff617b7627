import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);
const signature = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** One PNG chunk: length, type, data, CRC-32 of type and data. */
function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.byteLength);
  out.writeUInt32BE(data.byteLength, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.byteLength)), 8 + data.byteLength);
  return out;
}

/**
 * An 8-bit RGB image as a PNG (signature, IHDR, one IDAT, IEND). Each row gets filter type 0 (none):
 * players paint in flat regions, which zlib compresses well without filtering. The deflate runs on
 * node's thread pool, never on the event loop (ADR 043, ADR 053).
 */
export async function encodePng(width: number, height: number, rgb: Uint8Array, level = 6): Promise<Buffer> {
  if (rgb.byteLength !== width * height * 3)
    throw new RangeError(`expected ${width * height * 3} bytes of RGB, got ${rgb.byteLength}`);
  const stride = width * 3;
  const filtered = new Uint8Array(height * (stride + 1));
  for (let y = 0; y < height; y++) filtered.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type 2 (RGB), deflate, adaptive filtering, no interlace
  const idat = await deflateAsync(filtered, { level });
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))]);
}
