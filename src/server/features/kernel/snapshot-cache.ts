import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import { balance } from '../../../core/balance';
import { infra } from '../../../core/infra';
import type { Database, Executor } from '../../db/connect';
import { createCanvas, type OwnedBit } from './canvas';
import { bitsSince } from './read-store';
import { currentVersion, gridState } from './season-store';

/** One encoded snapshot frame and the version it shows. */
export interface SnapshotFrame {
  version: number;
  bytes: Uint8Array;
}

const deflateAsync = promisify(deflate);
/** Bits read per catch-up query: each batch is parsed and painted in a few milliseconds. */
const catchUpBatch = 20_000;

/**
 * The Kernel snapshot held in memory (ADR 023, ADR 043). The canvas is kept in the frame's own
 * layout and patched per purchase — by the purchase itself, by grid_update from other instances,
 * and from the database whenever a request sees a committed version the canvas has not reached
 * (the database stays the truth: a missed bus message only costs a catch-up read). A frame is the
 * canvas copied and compressed by node:zlib on the thread pool, never on the event loop, and at
 * most once per `rebuildEveryMs` however many purchases arrive: a request for a newer version
 * waits for the next build, shared by every request waiting.
 */
export function createSnapshotCache(database: Database, rebuildEveryMs: number = infra.kernelSnapshotRebuildMs) {
  const canvas = createCanvas(balance.gridSize, balance.gridSize);
  let frame: SnapshotFrame | null = null;
  let catchingUp: Promise<boolean> | null = null;
  let reloading: Promise<void> | null = null;
  /** The latest operator clear this canvas has reloaded after. */
  let clearedSeen = 0;
  let nextBuild: Promise<SnapshotFrame> | null = null;
  let building: Promise<unknown> = Promise.resolve();
  let lastBuildAt = -Infinity;

  /** Reads the next batch of bits the canvas lacks; false when there was none. */
  async function readMissing(executor: Executor): Promise<boolean> {
    const bits = await bitsSince(executor, canvas.version(), catchUpBatch);
    for (const bit of bits) canvas.paint(bit);
    return bits.length > 0;
  }

  /**
   * An operator freed bits at `state.clearedVersion` (ADR 060): the versions of the bits they freed are
   * gone for good, so the canvas is wiped and every bit up to the committed version painted again,
   * on each instance at its next request. A clear committed meanwhile is seen by the next pass.
   */
  async function reload(
    executor: Executor,
    state: { version: number; seasonStartVersion: number; clearedVersion: number },
  ): Promise<void> {
    canvas.wipe(state.version);
    for (let since = state.seasonStartVersion; ;) {
      const bits = await bitsSince(executor, since, catchUpBatch);
      for (const bit of bits) canvas.paint(bit);
      if (bits.length < catchUpBatch) break;
      since = bits.at(-1)!.version;
    }
    clearedSeen = state.clearedVersion;
  }

  /**
   * Paints every purchase committed when it starts; concurrent callers share each read. A season
   * that began after the canvas's version clears it first (ADR 053), so a missed season change
   * costs one read, like a missed purchase.
   */
  async function catchUp(): Promise<void> {
    for (;;) {
      const state = await gridState(database.db);
      canvas.reset(state.seasonStartVersion);
      if (state.clearedVersion > clearedSeen) {
        reloading ??= reload(database.db, state).finally(() => {
          reloading = null;
        });
        await reloading;
        continue;
      }
      if (canvas.version() >= state.version) return;
      catchingUp ??= readMissing(database.db).finally(() => {
        catchingUp = null;
      });
      if (!(await catchingUp)) return;
    }
  }

  /** The next frame: starts no sooner than `rebuildEveryMs` after the previous one started. */
  function build(): Promise<SnapshotFrame> {
    nextBuild ??= (async () => {
      await building;
      const wait = lastBuildAt + rebuildEveryMs - performance.now();
      if (wait > 0) await sleep(wait);
      // From here on the canvas is copied: a request that needs a later version waits for the next build.
      // Builds run one at a time (the await above), so the canvas's one scratch copy is never overwritten mid-compression.
      nextBuild = null;
      lastBuildAt = performance.now();
      const { version, raw } = canvas.rawFrame();
      // Large output chunks: each chunk is one round trip between the thread pool and the event loop.
      const compressing = deflateAsync(raw, { level: infra.kernelSnapshotDeflateLevel, chunkSize: 256 * 1024 });
      building = compressing.catch(() => undefined);
      const bytes = await compressing;
      if (!frame || version > frame.version) frame = { version, bytes };
      return frame;
    })();
    return nextBuild;
  }

  return {
    /** A frame at the committed version (or later). */
    async current(): Promise<SnapshotFrame> {
      await catchUp();
      const wanted = canvas.version();
      while (!frame || frame.version < wanted) await build();
      return frame;
    },

    /** The owned bits of an inclusive rectangle at the committed version (or later), and that version. */
    async region(
      x0: number,
      y0: number,
      x1: number,
      y1: number,
    ): Promise<{ version: number; bits: Omit<OwnedBit, 'version'>[] }> {
      await catchUp();
      return { version: canvas.version(), bits: canvas.region(x0, y0, x1, y1) };
    },

    /** Paints a committed purchase (this instance's, or another's from the bus). */
    paint: (bit: OwnedBit) => canvas.paint(bit),

    /** A season began at this version (this instance's change, or another's from the bus): the canvas is cleared. */
    newSeason: (startVersion: number) => canvas.reset(startVersion),

    /**
     * The canvas at exactly `state`, read through the caller's transaction (the season change holds
     * kernel_state, so no purchase commits meanwhile; on PGlite the database handle would wait for it).
     */
    async rgbAt(
      tx: Executor,
      state: { version: number; seasonStartVersion: number; clearedVersion: number },
      free: readonly [number, number, number],
    ): Promise<Uint8Array> {
      canvas.reset(state.seasonStartVersion);
      if (state.clearedVersion > clearedSeen) await reload(tx, state);
      while (canvas.version() < state.version && (await readMissing(tx)));
      return canvas.rgb(free);
    },

    /** The committed version, without encoding (for If-None-Match). */
    version: () => currentVersion(database.db),
  };
}

export type SnapshotCache = ReturnType<typeof createSnapshotCache>;
