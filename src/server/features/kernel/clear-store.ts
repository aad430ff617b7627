import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/connect';
import { kernelBits, kernelState } from '../../db/schema';

/** An operator's clear of a region (ADR 060): who owns its bits, and freeing them under a new grid version. */

export interface ClearedBit {
  x: number;
  y: number;
  ownerId: number;
}

/** The owners of the bits of an inclusive rectangle (read before the clear locks them, players first). */
export async function ownersIn(
  tx: Executor,
  r: { x0: number; y0: number; x1: number; y1: number; ownerId?: number },
): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ ownerId: kernelBits.ownerId })
    .from(kernelBits)
    .where(regionOf(r))
    .orderBy(kernelBits.ownerId);
  return rows.map((row) => row.ownerId);
}

function regionOf(r: { x0: number; y0: number; x1: number; y1: number; ownerId?: number }) {
  return and(
    sql`${kernelBits.x} BETWEEN ${r.x0} AND ${r.x1}`,
    sql`${kernelBits.y} BETWEEN ${r.y0} AND ${r.y1}`,
    r.ownerId === undefined ? undefined : eq(kernelBits.ownerId, r.ownerId),
  );
}

/**
 * Frees the region's bits of these owners and takes the grid's next version for it, under the lock on
 * kernel_state that every purchase takes (the caller holds it): readers behind that version reload.
 */
export async function clearRegion(
  tx: Tx,
  r: { x0: number; y0: number; x1: number; y1: number; ownerIds: number[] },
): Promise<{ bits: ClearedBit[]; version: number | null }> {
  if (r.ownerIds.length === 0) return { bits: [], version: null };
  const bits = await tx
    .delete(kernelBits)
    .where(and(regionOf(r), inArray(kernelBits.ownerId, r.ownerIds)))
    .returning({ x: kernelBits.x, y: kernelBits.y, ownerId: kernelBits.ownerId });
  if (bits.length === 0) return { bits, version: null };
  const [row] = await tx
    .update(kernelState)
    .set({
      version: sql`${kernelState.version} + 1`,
      clearedVersion: sql`${kernelState.version} + 1`,
      seasonFreed: sql`${kernelState.seasonFreed} + ${bits.length + 1}`,
    })
    .where(eq(kernelState.id, 1))
    .returning({ version: kernelState.version });
  return { bits, version: row!.version };
}
