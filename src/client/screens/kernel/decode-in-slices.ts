import { unzlibSync } from 'fflate';
import { decodeBits, gridFor, snapshotLayout, type GridPixels } from '../../../core/rules/kernel-snapshot';

/** Bits decoded between two yields: a slice stays well under 50 ms on a slow phone (ADR 066). */
const slice = 80_000;

/** Gives the main thread back (input, paint) before the next slice. */
const yieldToMain = () => new Promise<void>((done) => setTimeout(done, 0));

/** Inflates a zlib frame off the main thread where the browser can (DecompressionStream), else in one go. */
async function inflate(frame: Uint8Array): Promise<Uint8Array> {
  if (typeof DecompressionStream === 'undefined') return unzlibSync(frame);
  const stream = new Blob([frame as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * The Kernel's snapshot decoded without one long task (ADR 066): the inflate runs in the browser's
 * own stream, the palette look-up in slices with a yield between them.
 */
export async function decodeInSlices(frame: Uint8Array): Promise<GridPixels> {
  const layout = snapshotLayout(await inflate(frame));
  const grid = gridFor(layout);
  const n = layout.width * layout.height;
  for (let from = 0; from < n; from += slice) {
    decodeBits(layout, grid, from, Math.min(n, from + slice));
    await yieldToMain();
  }
  return grid;
}
