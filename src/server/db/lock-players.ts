import type { Tx } from './connect';
import { fixedRows } from './fixed-sql';
import { arrayLiteral } from './param-sets';

/**
 * Players whose rows this transaction already holds locked. Keyed by the transaction object: a
 * savepoint is its own object, so locks taken in one that may roll back are never assumed by its
 * parent, and a savepoint re-locks (cheaply) what its parent holds.
 */
const lockedIn = new WeakMap<object, Set<number>>();

/**
 * Transactions that have locked a feature's own row (a listing, a drone run, an optimizer row, a
 * boss). From then on a player row this transaction does not hold yet may not be locked: that is
 * the order backwards (docs/decisions/044-one-lock-order.md): such a path fails at once, in its
 * first test, instead of deadlocking now and then under load. The check is two in-memory look-ups.
 */
const featureRowsLockedIn = new WeakSet<object>();

export class LockOrderError extends Error {}

/** A feature's store calls this when it locks one of its own rows (FOR UPDATE, or an UPDATE of an existing row). */
export function noteFeatureRowLocked(tx: object): void {
  featureRowsLockedIn.add(tx);
}

/**
 * Throws when a player not yet locked in this transaction is about to be locked after
 * a feature row: the wallet's debit calls it before its conditional UPDATE, lockPlayers before its SELECT.
 */
export function assertPlayersLockedFirst(tx: object, userIds: Iterable<number>): void {
  if (!featureRowsLockedIn.has(tx)) return;
  const held = lockedIn.get(tx);
  const late = [...userIds].filter((id) => !held?.has(id));
  if (late.length > 0) {
    throw new LockOrderError(
      `lock order: player(s) ${late.join(', ')} locked after a feature row; lock the players first with lockPlayers (ADR 044)`,
    );
  }
}

/**
 * Throws when this call would lock a player with a lower id than one the transaction already holds:
 * two such calls (e.g. two credits, the higher id first) are id order broken across statements.
 * Lock every player involved in one call instead.
 */
function assertIdOrder(held: Set<number> | undefined, ids: number[]): void {
  if (!held || held.size === 0) return;
  const highest = Math.max(...held);
  const early = ids.filter((id) => !held.has(id) && id < highest);
  if (early.length > 0) {
    throw new LockOrderError(
      `lock order: player(s) ${early.join(', ')} locked after player ${highest}; lock all the players in one lockPlayers call (ADR 044)`,
    );
  }
}

/** Records rows the caller locked itself (at least FOR NO KEY UPDATE), so later lockPlayers calls in the same transaction skip the round trip. */
export function rememberLocked(tx: object, userIds: Iterable<number>): void {
  const held = lockedIn.get(tx) ?? new Set<number>();
  for (const id of userIds) held.add(id);
  lockedIn.set(tx, held);
}

// Fixed text (fixed-sql.ts): every spending request sends it.
const lockPlayersText = 'SELECT id FROM users WHERE id = any($1::int[]) ORDER BY id FOR NO KEY UPDATE';

/**
 * Locks players' rows in id order, the same order in every module (wallet, inventory), so two
 * transactions that lock the same players can never deadlock. Returns the ids that exist.
 * Rows this transaction already holds are not asked for again: the taps' group commit locks its
 * players first, and the inventory and wallet calls after it then cost no round trip.
 */
export async function lockPlayers(tx: Tx, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  const held = lockedIn.get(tx);
  if (held && ids.every((id) => held.has(id))) return ids;
  assertPlayersLockedFirst(tx, ids);
  assertIdOrder(held, ids);
  const rows = await fixedRows<{ id: number }>(tx, lockPlayersText, [arrayLiteral(ids)]);
  const found = rows.map((r) => Number(r.id));
  rememberLocked(tx, found);
  return found;
}
