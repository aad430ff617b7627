import { unzlibSync, zlibSync } from 'fflate';

/**
 * The Kernel's compact snapshot (ADR 023): the whole canvas as one binary frame.
 * Each bit is an index into a palette of the colours in use (0 = free), written planar (all low
 * bytes, then the next byte plane) so runs of one owner's colour compress to almost nothing, and
 * the frame is zlib-compressed. Owners are not in it: the hover look-up asks for them per bit.
 */

/** A canvas as both sides hold it: an RGB triple and an owned flag per bit, row-major. */
export interface GridPixels {
  width: number;
  height: number;
  /** The grid's version: the count of purchases it includes (each purchase adds 1). */
  version: number;
  /** 3 bytes per bit (R, G, B); meaningful only where owned[i] is 1. */
  rgb: Uint8Array;
  /** 1 where the bit is owned, 0 where it is free. */
  owned: Uint8Array;
}

const magic = [0x4b, 0x42, 0x53, 0x31]; // 'KBS1'
/** Magic, version, width, height, palette size, bytes per index. */
export const snapshotHeaderBytes = 4 + 4 + 2 + 2 + 4 + 1;
const headerBytes = snapshotHeaderBytes;

/** Bytes per palette index (index 0 is "free", so a palette of n colours needs indices up to n). */
export function snapshotIndexBytes(paletteSize: number): 1 | 2 | 3 {
  return paletteSize < 0x100 ? 1 : paletteSize < 0x10000 ? 2 : 3;
}

/** Writes a frame's header into the first `snapshotHeaderBytes` of `raw` (the server's cache writes the rest itself). */
export function writeSnapshotHeader(
  raw: Uint8Array,
  frame: { version: number; width: number; height: number; paletteSize: number },
): void {
  const view = new DataView(raw.buffer, raw.byteOffset, headerBytes);
  raw.set(magic, 0);
  view.setUint32(4, frame.version);
  view.setUint16(8, frame.width);
  view.setUint16(10, frame.height);
  view.setUint32(12, frame.paletteSize);
  view.setUint8(16, snapshotIndexBytes(frame.paletteSize));
}

/** An empty canvas of the given size at version 0. */
export function emptyGrid(width: number, height: number): GridPixels {
  return { width, height, version: 0, rgb: new Uint8Array(width * height * 3), owned: new Uint8Array(width * height) };
}

/** Encodes a canvas into the snapshot frame (see the module comment). */
export function encodeSnapshot(grid: GridPixels): Uint8Array {
  const n = grid.width * grid.height;
  const paletteOf = new Map<number, number>();
  const palette: number[] = [];
  const indices = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    if (!grid.owned[i]) continue;
    const key = (grid.rgb[i * 3]! << 16) | (grid.rgb[i * 3 + 1]! << 8) | grid.rgb[i * 3 + 2]!;
    let idx = paletteOf.get(key);
    if (idx === undefined) {
      palette.push(key);
      idx = palette.length;
      paletteOf.set(key, idx);
    }
    indices[i] = idx;
  }
  const indexBytes = snapshotIndexBytes(palette.length);
  const raw = new Uint8Array(headerBytes + palette.length * 3 + n * indexBytes);
  writeSnapshotHeader(raw, {
    version: grid.version,
    width: grid.width,
    height: grid.height,
    paletteSize: palette.length,
  });
  let at = headerBytes;
  for (const key of palette) {
    raw[at++] = key >> 16;
    raw[at++] = (key >> 8) & 0xff;
    raw[at++] = key & 0xff;
  }
  for (let plane = 0; plane < indexBytes; plane++) {
    const shift = plane * 8;
    for (let i = 0; i < n; i++) raw[at++] = (indices[i]! >> shift) & 0xff;
  }
  return zlibSync(raw, { level: 6 });
}

/** An inflated frame's header, checked: where the palette and the index planes start. */
export interface SnapshotLayout {
  raw: Uint8Array;
  version: number;
  width: number;
  height: number;
  paletteSize: number;
  indexBytes: number;
}

/** Reads and checks an inflated frame's header; throws on anything that is not one. */
export function snapshotLayout(raw: Uint8Array): SnapshotLayout {
  if (raw.length < headerBytes || magic.some((m, i) => raw[i] !== m)) throw new Error('not a Kernel snapshot');
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const layout = {
    raw,
    version: view.getUint32(4),
    width: view.getUint16(8),
    height: view.getUint16(10),
    paletteSize: view.getUint32(12),
    indexBytes: view.getUint8(16),
  };
  if (raw.length !== headerBytes + layout.paletteSize * 3 + layout.width * layout.height * layout.indexBytes)
    throw new Error('truncated Kernel snapshot');
  return layout;
}

/** Decodes bits [from, to) of a frame into `grid` (the client decodes in slices and yields between them, ADR 066). */
export function decodeBits(layout: SnapshotLayout, grid: GridPixels, from: number, to: number): void {
  const { raw, paletteSize, indexBytes } = layout;
  const n = layout.width * layout.height;
  const paletteAt = headerBytes;
  const planesAt = paletteAt + paletteSize * 3;
  for (let i = from; i < to; i++) {
    let idx = 0;
    for (let plane = 0; plane < indexBytes; plane++) idx |= raw[planesAt + plane * n + i]! << (plane * 8);
    if (idx === 0) continue;
    if (idx > paletteSize) throw new Error('Kernel snapshot index outside its palette');
    const p = paletteAt + (idx - 1) * 3;
    grid.owned[i] = 1;
    grid.rgb[i * 3] = raw[p]!;
    grid.rgb[i * 3 + 1] = raw[p + 1]!;
    grid.rgb[i * 3 + 2] = raw[p + 2]!;
  }
}

/** An empty canvas the size of a frame, at its version. */
export function gridFor(layout: SnapshotLayout): GridPixels {
  return { ...emptyGrid(layout.width, layout.height), version: layout.version };
}

/** Decodes a snapshot frame; throws on anything that is not one. */
export function decodeSnapshot(frame: Uint8Array): GridPixels {
  const layout = snapshotLayout(unzlibSync(frame));
  const grid = gridFor(layout);
  decodeBits(layout, grid, 0, layout.width * layout.height);
  return grid;
}
