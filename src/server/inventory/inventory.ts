import { balance } from '../../core/balance';
import type { Executor, Tx } from '../db/connect';
import { lockPlayers } from '../db/lock-players';
import { isItemId, lockHeldItem, refusalFor } from './held-item';
import * as store from './store';
import type { AddRequest, AddResult, ItemRef, OpenCoreResult, RemoveResult, TransferItemResult } from './types';

/**
 * The one owner of items (docs/game-rules.md, "Inventory"): gear and Telnet Cores are created,
 * destroyed and moved only here. Each function is race-safe on its own: it locks the players'
 * rows in id order, then the item's row, and decides on what it read under those locks.
 */

/** Items each player holds against the cap, including their items in escrow (no locks taken). */
export function countItems(tx: Executor, userIds: number[]): Promise<Map<number, number>> {
  return store.countHeld(tx, userIds);
}

/** Adds one player's new items (a drop, a reward, a grant) against the cap of 50. */
export async function addItems(tx: Tx, request: AddRequest): Promise<AddResult> {
  return (await addItemsMany(tx, [request]))[0]!;
}

/**
 * Adds many players' items in request order (the taps' group commit): each request gets what still
 * fits after the ones before it, gear first, and the rest is lost or refused as it asks.
 */
export async function addItemsMany(tx: Tx, requests: AddRequest[]): Promise<AddResult[]> {
  const size = (r: AddRequest) => (r.gear?.length ?? 0) + (r.cores?.length ?? 0);
  const userIds = [...new Set(requests.filter((r) => size(r) > 0).map((r) => r.userId))];
  await lockPlayers(tx, userIds);
  const held = await store.countHeld(tx, userIds);
  const results: AddResult[] = [];
  for (const request of requests) {
    const wanted = size(request);
    if (wanted === 0) {
      results.push({ kind: 'added', gear: [], cores: [], lost: 0 });
      continue;
    }
    const room = Math.max(0, balance.inventoryCapacity - held.get(request.userId)!);
    if (request.onFull === 'refuse' && wanted > room) {
      results.push({ kind: 'full', free: room });
      continue;
    }
    const gearKept = (request.gear ?? []).slice(0, room);
    const coresKept = (request.cores ?? []).slice(0, room - gearKept.length);
    held.set(request.userId, held.get(request.userId)! + gearKept.length + coresKept.length);
    const [gearAdded, coresAdded] = await Promise.all([
      store.insertGear(tx, request.userId, gearKept),
      store.insertCores(tx, request.userId, coresKept),
    ]);
    results.push({
      kind: 'added',
      gear: gearAdded,
      cores: coresAdded,
      lost: wanted - gearKept.length - coresKept.length,
    });
  }
  return results;
}

/** Destroys an item the player holds (spec §4: only unequipped gear; an opened core may go). */
export async function removeItem(tx: Tx, r: { userId: number; item: ItemRef }): Promise<RemoveResult> {
  const held = await lockHeldItem(tx, r.userId, r.item, ['equipped']);
  if (held.kind !== 'held') return held;
  await store.deleteItem(tx, r.item);
  return { kind: 'removed' };
}

/**
 * Destroys everything a deleted account holds outright, equipped gear included (ADR 057): its
 * listings are withdrawn first, so nothing it owned is left in an escrow. Returns how many went.
 */
export async function destroyAllItemsOf(tx: Tx, userId: number): Promise<number> {
  await lockPlayers(tx, [userId]);
  return store.deleteAllHeld(tx, userId);
}

/** Gives an item to another player, refused when theirs is full (an item is never lost on the way). */
export async function transferItem(
  tx: Tx,
  r: { fromUserId: number; toUserId: number; item: ItemRef },
): Promise<TransferItemResult> {
  if (r.fromUserId === r.toUserId) throw new RangeError('inventory: a transfer needs two players');
  if (!isItemId(r.item.id)) return { kind: 'not-found' };
  const locked = await lockPlayers(tx, [r.fromUserId, r.toUserId]);
  if (!locked.includes(r.toUserId)) throw new Error(`inventory: no player ${r.toUserId}`);
  // The item's lock and the receiver's count (locked above) leave together (ADR 078).
  const [item, held] = await Promise.all([store.lockItem(tx, r.item), store.countHeld(tx, [r.toUserId])]);
  const refused = refusalFor(item, r.fromUserId, ['equipped', 'used']);
  if (refused) return refused;
  const free = balance.inventoryCapacity - held.get(r.toUserId)!;
  if (free < 1) return { kind: 'full', free: Math.max(0, free) };
  await store.setHolder(tx, r.item, { userId: r.toUserId });
  return { kind: 'transferred' };
}

/**
 * Opens (uses) a core the player holds, recording its reward; the conditional update lets exactly
 * one of many concurrent opens through. The caller pays the reward through the wallet.
 */
export async function openCore(
  tx: Tx,
  r: { userId: number; coreId: number; telnetRewarded: number },
): Promise<OpenCoreResult> {
  if (!isItemId(r.coreId)) return { kind: 'not-found' };
  // The player first, as everywhere: the caller pays the reward next, which locks the player too.
  await lockPlayers(tx, [r.userId]);
  const opened = await store.markCoreOpened(tx, r.userId, r.coreId, r.telnetRewarded);
  if (opened) return { kind: 'opened', coreTypeId: opened.coreTypeId };
  const item = await store.lockItem(tx, { kind: 'core', id: r.coreId });
  return refusalFor(item, r.userId) ?? { kind: 'used' };
}

/** What a player holds outright (not in escrow), for the inventory screen. */
export async function listItems(tx: Executor, userId: number) {
  const [gear, cores] = await Promise.all([store.listGear(tx, userId), store.listCores(tx, userId)]);
  return { gear, cores };
}
