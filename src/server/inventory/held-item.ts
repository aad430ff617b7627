import type { Tx } from '../db/connect';
import { lockPlayers } from '../db/lock-players';
import * as store from './store';
import type { InEscrow, ItemRef, NotFound } from './types';

/** Item ids are int4 in the schema: anything else cannot name an item (and must not reach SQL). */
export function isItemId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;
}

/** A state of an item the player holds that some moves refuse: gear in its slot, an opened core. */
export type HeldState = 'equipped' | 'used';

/**
 * Why `userId` cannot act on an item it asked for, or null when it holds it outright and the item is
 * in none of the states in `refuseIf`. Another player's item is 'not-found', never named. The result
 * names only the states asked for (`NoInfer`: a caller's own result type must not widen them).
 */
export function refusalFor<S extends HeldState = never>(
  item: store.LockedItem | undefined,
  userId: number,
  refuseIf: readonly S[] = [],
): NotFound | InEscrow | { kind: NoInfer<S> } | null {
  if (!item) return { kind: 'not-found' };
  if (item.escrowId !== null) return item.depositorId === userId ? { kind: 'in-escrow' } : { kind: 'not-found' };
  if (item.userId !== userId) return { kind: 'not-found' };
  for (const state of refuseIf) if (state === 'equipped' ? item.isEquipped : item.isUsed) return { kind: state };
  return null;
}

/**
 * The one way a move takes an item from its holder's hands: the player's row first, then the item's
 * (the lock order of every item change), and the item only when the player holds it outright and it
 * is in none of the states in `refuseIf`. Two concurrent moves of one item queue on its row lock, and
 * the second decides on what the first left.
 */
export async function lockHeldItem<S extends HeldState = never>(
  tx: Tx,
  userId: number,
  ref: ItemRef,
  refuseIf: readonly S[] = [],
): Promise<{ kind: 'held'; item: store.LockedItem } | NotFound | InEscrow | { kind: NoInfer<S> }> {
  if (!isItemId(ref.id)) return { kind: 'not-found' };
  await lockPlayers(tx, [userId]);
  const item = await store.lockItem(tx, ref);
  return refusalFor(item, userId, refuseIf) ?? { kind: 'held', item: item! };
}
