import { snapshotHeaderBytes, snapshotIndexBytes, writeSnapshotHeader } from '../../../core/rules/kernel-snapshot';

/** One owned bit as the canvas learns it: from the purchase that made it, the bus, or the database. */
export interface OwnedBit {
  x: number;
  y: number;
  ownerId: number;
  colorR: number;
  colorG: number;
  colorB: number;
  version: number;
}

/** Versions painted ahead of a gap are remembered up to this many; past it the database catch-up fills the gap. */
const maxVersionsAhead = 10_000;

/**
 * The Kernel canvas held in memory in the snapshot's own layout (ADR 023, ADR 043): a palette of the
 * colours in use and one index per bit, stored as three byte planes (low, middle, high) so that a
 * purchase is a few byte writes and the frame is the planes the palette needs, copied as they are.
 * Owners are kept per bit too, for GET /api/grid/state's regions. Bits never change owner or
 * colour, so painting one twice is harmless, from whichever source it arrives.
 */
export function createCanvas(width: number, height: number) {
  const n = width * height;
  const planes = new Uint8Array(n * 3);
  const owners = new Int32Array(n);
  const paletteOf = new Map<number, number>();
  let palette = new Uint8Array(3 * 1024);
  let paletteSize = 0;
  /** Every version up to this one is painted. */
  let version = 0;
  /** The version the current season began at (ADR 053): a bit of an earlier season is never painted. */
  let floor = 0;
  const ahead = new Set<number>();
  let scratch: Uint8Array | null = null;

  function paletteIndex(r: number, g: number, b: number): number {
    const key = (r << 16) | (g << 8) | b;
    const known = paletteOf.get(key);
    if (known !== undefined) return known;
    if ((paletteSize + 1) * 3 > palette.length) {
      const grown = new Uint8Array(palette.length * 2);
      grown.set(palette);
      palette = grown;
    }
    palette.set([r, g, b], paletteSize * 3);
    paletteSize += 1;
    paletteOf.set(key, paletteSize);
    return paletteSize;
  }

  function markVersion(v: number): void {
    if (v <= version) return;
    if (v > version + 1) {
      if (ahead.size < maxVersionsAhead) ahead.add(v);
      return;
    }
    version = v;
    while (ahead.delete(version + 1)) version += 1;
  }

  return {
    width,
    height,
    /** The highest version up to which every purchase is painted. */
    version: () => version,

    paint(bit: OwnedBit): void {
      if (bit.version <= floor) return;
      const i = bit.y * width + bit.x;
      if (owners[i] === 0) {
        const idx = paletteIndex(bit.colorR, bit.colorG, bit.colorB);
        planes[i] = idx & 0xff;
        planes[n + i] = (idx >> 8) & 0xff;
        planes[2 * n + i] = idx >> 16;
        owners[i] = bit.ownerId;
      }
      markVersion(bit.version);
    },

    /**
     * The uncompressed frame at the painted version, copied into one scratch buffer allocated once
     * (a memory copy of at most 3.8 MB, no page faults): the canvas may be painted while the copy
     * is compressed elsewhere. The copy is valid until the next call, so callers compress one at a time.
     */
    rawFrame(): { version: number; raw: Uint8Array } {
      const indexBytes = snapshotIndexBytes(paletteSize);
      const paletteBytes = paletteSize * 3;
      const length = snapshotHeaderBytes + paletteBytes + n * indexBytes;
      scratch ??= new Uint8Array(snapshotHeaderBytes + n * 3 + n * 3);
      const raw = scratch.subarray(0, length);
      writeSnapshotHeader(raw, { version, width, height, paletteSize });
      raw.set(palette.subarray(0, paletteBytes), snapshotHeaderBytes);
      raw.set(planes.subarray(0, n * indexBytes), snapshotHeaderBytes + paletteBytes);
      return { version, raw };
    },

    /** The version the current season began at. */
    seasonStart: () => floor,

    /** A new season began at `startVersion` (ADR 053): every bit is free again, and that version counts as painted. */
    reset(startVersion: number): void {
      if (startVersion <= floor) return;
      planes.fill(0);
      owners.fill(0);
      paletteOf.clear();
      paletteSize = 0;
      floor = startVersion;
      // The season change's own version has no bit, so the canvas never passed it: anything painted
      // beyond it was wiped with the rest and is read again from the database.
      ahead.clear();
      version = startVersion;
    },

    /**
     * An operator cleared bits (ADR 060): everything is wiped and `version` counts as painted; the caller
     * paints every bit of the season up to it again. Bits gone below it leave gaps no catch-up could fill.
     */
    wipe(atVersion: number): void {
      planes.fill(0);
      owners.fill(0);
      paletteOf.clear();
      paletteSize = 0;
      ahead.clear();
      version = Math.max(atVersion, floor);
    },

    /** The canvas as 8-bit RGB, row by row; a free bit is `free` (the season archive's image). */
    rgb(free: readonly [number, number, number]): Uint8Array {
      const out = new Uint8Array(n * 3);
      for (let i = 0; i < n; i++) {
        const p = owners[i] === 0 ? -1 : (planes[i]! | (planes[n + i]! << 8) | (planes[2 * n + i]! << 16)) * 3 - 3;
        out[i * 3] = p < 0 ? free[0] : palette[p]!;
        out[i * 3 + 1] = p < 0 ? free[1] : palette[p + 1]!;
        out[i * 3 + 2] = p < 0 ? free[2] : palette[p + 2]!;
      }
      return out;
    },

    /** The owned bits of an inclusive rectangle, row by row, with their owner and colour. */
    region(x0: number, y0: number, x1: number, y1: number): Omit<OwnedBit, 'version'>[] {
      const bits: Omit<OwnedBit, 'version'>[] = [];
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const i = y * width + x;
          const ownerId = owners[i]!;
          if (ownerId === 0) continue;
          const p = (planes[i]! | (planes[n + i]! << 8) | (planes[2 * n + i]! << 16)) * 3 - 3;
          bits.push({ x, y, ownerId, colorR: palette[p]!, colorG: palette[p + 1]!, colorB: palette[p + 2]! });
        }
      }
      return bits;
    },
  };
}

export type Canvas = ReturnType<typeof createCanvas>;
