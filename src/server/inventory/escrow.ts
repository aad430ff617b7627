import { balance } from '../../core/balance';
import type { Executor, Tx } from '../db/connect';
import { lockPlayers } from '../db/lock-players';
import { isItemId, lockHeldItem } from './held-item';
import * as store from './store';
import type { EscrowPurpose, EscrowResult, EscrowView, ItemRef, ReleaseResult } from './types';

/**
 * Escrow: an item leaves its owner's hands but stays theirs to count (docs/game-rules.md). While
 * escrowed it cannot be equipped, opened, destroyed, escrowed again or transferred, because every
 * one of those needs `user_id` = the player and an escrowed item has none (schema CHECK).
 */
export async function escrowItem(
  tx: Tx,
  r: { userId: number; item: ItemRef; purpose: EscrowPurpose; reference: string },
): Promise<EscrowResult> {
  // The item's row lock makes two concurrent escrows of one item queue: the second finds it held.
  const held = await lockHeldItem(tx, r.userId, r.item, ['equipped', 'used']);
  if (held.kind !== 'held') return held;
  const escrowId = await store.insertEscrow(tx, { depositorId: r.userId, purpose: r.purpose, reference: r.reference });
  await store.setHolder(tx, r.item, { escrowId });
  return { kind: 'escrowed', escrowId };
}

/**
 * Closes an open escrow once, giving its items to `toUserId`: back to the depositor (always fits,
 * they were counted there) or on to another player (refused, changing nothing, when they lack room).
 * Of two concurrent releases of one escrow, one wins; the other finds it gone ('not-found').
 */
export async function releaseEscrow(tx: Tx, r: { escrowId: number; toUserId: number }): Promise<ReleaseResult> {
  if (!isItemId(r.escrowId)) return { kind: 'not-found' };
  const unlocked = await store.findEscrow(tx, r.escrowId, false);
  if (!unlocked || unlocked.releasedAt) return { kind: 'not-found' };
  const locked = await lockPlayers(tx, [unlocked.depositorId, r.toUserId]);
  if (!locked.includes(r.toUserId)) throw new Error(`inventory: no player ${r.toUserId}`);
  // The escrow's lock, its items and the receiver's count leave together (ADR 078). PostgreSQL runs
  // them in this order; the items of an open escrow change only under its lock, and the receiver is
  // locked already, so what is read is what the lock protects.
  const [escrow, items, held] = await Promise.all([
    store.findEscrow(tx, r.escrowId, true),
    store.escrowItems(tx, r.escrowId),
    store.countHeld(tx, [r.toUserId]),
  ]);
  if (!escrow || escrow.releasedAt) return { kind: 'not-found' };
  if (r.toUserId !== escrow.depositorId) {
    const free = balance.inventoryCapacity - held.get(r.toUserId)!;
    if (free < items.length) return { kind: 'full', free: Math.max(0, free) };
  }
  await store.closeEscrow(tx, r.escrowId, r.toUserId);
  return { kind: 'released', depositorId: escrow.depositorId, toUserId: r.toUserId, items };
}

/** An escrow and what it holds (items are listed only while it is open). */
export async function findEscrow(tx: Executor, escrowId: number): Promise<EscrowView | null> {
  if (!isItemId(escrowId)) return null;
  const row = await store.findEscrow(tx, escrowId, false);
  if (!row) return null;
  return {
    id: row.id,
    depositorId: row.depositorId,
    purpose: row.purpose as EscrowPurpose,
    reference: row.reference,
    open: row.releasedAt === null,
    items: row.releasedAt === null ? await store.escrowItems(tx, escrowId) : [],
  };
}
