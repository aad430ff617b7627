import type { Executor, Tx } from '../../db/connect';
import { noteFeatureRowLocked } from '../../db/lock-players';
import type { Bus } from '../../realtime/bus';
import * as store from './clear-store';
import { lockGridState } from './season-store';

export interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * An operator's clear of a Kernel region (ADR 060), for the console: the bits go back to unowned and
 * nobody is refunded. The caller reads the owners first, locks them (players before feature rows,
 * ADR 044), then clears in its transaction and publishes `kernel.cleared` once it has committed.
 */
export function kernelOwnersIn(executor: Executor, region: Region & { ownerId?: number }): Promise<number[]> {
  return store.ownersIn(executor, region);
}

/** Frees the region's bits of these owners (only theirs: a bit bought since they were read stays). */
export async function clearKernelRegion(
  tx: Tx,
  region: Region & { ownerIds: number[] },
): Promise<{ bits: store.ClearedBit[]; version: number | null }> {
  // The lock every purchase takes for its version: no purchase commits in the region meanwhile.
  await lockGridState(tx);
  noteFeatureRowLocked(tx);
  return store.clearRegion(tx, region);
}

/** Every open Kernel screen catches up; the catch-up's answer is a reload, as after a new season. */
export function publishKernelCleared(bus: Bus, version: number): void {
  bus.publish({ audience: { kind: 'everyone' }, event: { t: 'kernel.cleared', d: { version } } });
}
