import { balance } from '../../../core/balance';
import { bitIndex } from '../../../core/rules/kernel';
import { emptyGrid, encodeSnapshot, type GridPixels } from '../../../core/rules/kernel-snapshot';
import type { Database } from '../../db/connect';
import * as store from './store';

/** One encoded snapshot frame and the version it shows. */
export interface SnapshotFrame {
  version: number;
  bytes: Uint8Array;
}

const catchUpBatch = 50_000;

/**
 * The Kernel snapshot held in memory (issue 9 item 4): the canvas as pixels plus its last encoded
 * frame. A request reads the committed version (one indexed row); when it moved, only the bits
 * bought since are read and painted in, and the frame is encoded once for every waiting request.
 * It reads the database, not the bus, so every instance serves what has committed.
 */
export function createSnapshotCache(database: Database) {
  const grid: GridPixels = emptyGrid(balance.gridSize, balance.gridSize);
  let frame: SnapshotFrame | null = null;
  let inFlight: Promise<SnapshotFrame> | null = null;

  async function rebuild(): Promise<SnapshotFrame> {
    const target = await store.currentVersion(database.db);
    if (frame && frame.version >= target) return frame;
    while (grid.version < target) {
      const changes = await store.changesSince(database.db, grid.version, catchUpBatch);
      if (changes.length === 0) break;
      for (const c of changes) {
        const i = bitIndex(c.x, c.y);
        grid.owned[i] = 1;
        grid.rgb[i * 3] = c.colorR;
        grid.rgb[i * 3 + 1] = c.colorG;
        grid.rgb[i * 3 + 2] = c.colorB;
        grid.version = c.version;
      }
    }
    frame = { version: grid.version, bytes: encodeSnapshot(grid) };
    return frame;
  }

  return {
    /** The frame at the committed version (or later); concurrent callers share one rebuild. */
    async current(): Promise<SnapshotFrame> {
      if (inFlight) return inFlight;
      inFlight = rebuild().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    /** The committed version, without encoding (for If-None-Match). */
    version: () => store.currentVersion(database.db),
  };
}

export type SnapshotCache = ReturnType<typeof createSnapshotCache>;
