import type { LedgerReason } from '../../core/ledger-reasons';
import type { Executor, Tx } from '../db/connect';
import { assertPlayersLockedFirst, lockPlayers } from '../db/lock-players';
import * as store from './store';

/**
 * The one owner of Telnet (docs/game-rules.md, "Wallet"). Every change runs inside the caller's
 * transaction and writes its ledger row there, so the ledger's sum per player is the balance.
 * Amounts are whole, positive Telnet computed by the server, never taken from a client.
 */
export interface WalletChange {
  userId: number;
  amount: number;
  reason: LedgerReason;
  /** What caused it, for the ledger: 'tap-batch:<ts>', 'mission:<id>', 'listing:<id>'. */
  reference: string;
}

export type DebitResult =
  { kind: 'debited'; balance: number } | { kind: 'insufficient'; balance: number; shortBy: number };

export type TransferResult =
  | { kind: 'transferred'; fromBalance: number; toBalance: number }
  | { kind: 'insufficient'; balance: number; shortBy: number };

export interface Transfer {
  fromUserId: number;
  toUserId: number;
  /** What the payer pays. */
  amount: number;
  /** One reason per side: e.g. { from: 'market-purchase', to: 'market-sale' }. */
  reasons: { from: LedgerReason; to: LedgerReason };
  /** Kept back from what the payee receives and burned, written as its own row on the payee. */
  fee?: { amount: number; reason: LedgerReason };
  reference: string;
}

function assertAmount(amount: number, allowZero = false): void {
  if (!Number.isSafeInteger(amount) || amount < (allowZero ? 0 : 1)) {
    throw new RangeError(`wallet: ${amount} is not a whole, positive Telnet amount`);
  }
}

function missingPlayer(userId: number): Error {
  return new Error(`wallet: no player ${userId}`);
}

/** Adds Telnet to a player's balance, with its ledger row. */
export async function credit(tx: Tx, change: WalletChange): Promise<{ balance: number }> {
  return { balance: (await creditMany(tx, [change])).get(change.userId)! };
}

/**
 * Adds Telnet to many balances at once (the taps' group commit): one UPDATE for all players, one
 * ledger row per change. Returns each player's new balance.
 */
export async function creditMany(tx: Tx, changes: WalletChange[]): Promise<Map<number, number>> {
  if (changes.length === 0) return new Map();
  const perPlayer = new Map<number, number>();
  for (const c of changes) {
    assertAmount(c.amount);
    perPlayer.set(c.userId, (perPlayer.get(c.userId) ?? 0) + c.amount);
  }
  // Locked in id order first: the multi-row UPDATE alone takes its locks in no promised order.
  await lockPlayers(tx, [...perPlayer.keys()]);
  // The balance UPDATE and its ledger rows are sent together (one round trip); a missing player
  // fails the call, and the caller's transaction rolls both back.
  const [balances] = await Promise.all([
    store.addToBalances(
      tx,
      [...perPlayer].map(([userId, amount]) => ({ userId, amount })),
    ),
    store.appendLedger(
      tx,
      changes.map((c) => ({ userId: c.userId, delta: c.amount, reason: c.reason, reference: c.reference })),
    ),
  ]);
  for (const id of perPlayer.keys()) if (!balances.has(id)) throw missingPlayer(id);
  return balances;
}

/**
 * Takes Telnet from a player if they have it: one conditional UPDATE (no read-then-write), so of
 * many concurrent debits exactly the affordable ones succeed. A refusal changes nothing and says
 * how much is missing; the caller turns it into the spec's text.
 */
export async function debit(tx: Tx, change: WalletChange): Promise<DebitResult> {
  assertAmount(change.amount);
  // The conditional UPDATE below locks the player's row: after a feature row, that is the order backwards.
  assertPlayersLockedFirst(tx, [change.userId]);
  // One statement: the conditional UPDATE and, only if it took, its ledger row (ADR 078).
  const balance = await store.subtractWithLedger(tx, {
    userId: change.userId,
    delta: -change.amount,
    reason: change.reason,
    reference: change.reference,
  });
  if (balance === null) return refusal(tx, change.userId, change.amount);
  return { kind: 'debited', balance };
}

/**
 * Takes back up to `amount` (a reversed purchase, ADR 046): what the balance holds, down to zero and
 * never below, in one statement with its ledger row. Returns what was taken and what was not.
 */
export async function debitUpTo(
  tx: Tx,
  change: WalletChange,
): Promise<{ taken: number; short: number; balance: number }> {
  assertAmount(change.amount);
  await lockPlayers(tx, [change.userId]);
  const result = await store.subtractUpTo(tx, change.userId, change.amount);
  if (!result) throw missingPlayer(change.userId);
  if (result.taken > 0)
    await store.appendLedger(tx, [
      { userId: change.userId, delta: -result.taken, reason: change.reason, reference: change.reference },
    ]);
  return { taken: result.taken, short: change.amount - result.taken, balance: result.balance };
}

/** Telnet one player gained (net) from ledger rows of these reasons and references, e.g. a core's 'core-open' row. */
export function ledgerTotal(
  tx: Executor,
  r: { userId: number; reasons: LedgerReason[]; references: string[] },
): Promise<number> {
  return store.sumLedgerFor(tx, r.userId, r.reasons, r.references);
}

async function refusal(
  tx: Tx,
  userId: number,
  amount: number,
): Promise<{ kind: 'insufficient'; balance: number; shortBy: number }> {
  // Read only to word the refusal; nothing is decided on it.
  const balance = await store.readBalance(tx, userId);
  if (balance === null) throw missingPlayer(userId);
  return { kind: 'insufficient', balance, shortBy: Math.max(1, amount - balance) };
}

/**
 * Moves Telnet from one player to another (a market sale): the payer's conditional debit, then the
 * payee's credit less any fee, with a ledger row for each side. Both rows are locked in id order
 * first, so two opposite transfers cannot deadlock. A refusal changes nothing.
 */
export async function transfer(tx: Tx, t: Transfer): Promise<TransferResult> {
  assertAmount(t.amount);
  const fee = t.fee?.amount ?? 0;
  assertAmount(fee, true);
  if (fee > t.amount) throw new RangeError('wallet: a fee cannot exceed the amount');
  if (t.fromUserId === t.toUserId) throw new RangeError('wallet: a transfer needs two players');
  const locked = await lockPlayers(tx, [t.fromUserId, t.toUserId]);
  for (const id of [t.fromUserId, t.toUserId]) if (!locked.includes(id)) throw missingPlayer(id);
  // One statement: the payer's conditional debit, then (only if it took) the payee's credit and all
  // ledger rows (ADR 078). Both rows are locked above, so the order of the two UPDATEs cannot deadlock.
  const moved = await store.transferWithLedger(tx, {
    fromUserId: t.fromUserId,
    toUserId: t.toUserId,
    amount: t.amount,
    received: t.amount - fee,
    rows: [
      { userId: t.fromUserId, delta: -t.amount, reason: t.reasons.from, reference: t.reference },
      { userId: t.toUserId, delta: t.amount, reason: t.reasons.to, reference: t.reference },
      ...(fee > 0 ? [{ userId: t.toUserId, delta: -fee, reason: t.fee!.reason, reference: t.reference }] : []),
    ],
  });
  if (!moved) return refusal(tx, t.fromUserId, t.amount);
  return { kind: 'transferred', ...moved };
}

/** What one ledger reference (and its sub-references) moved, per player (net of its rows), in player id order: what a reversal compensates. */
export function netByReference(
  tx: Executor,
  reference: string,
): Promise<{ userId: number; net: number; reasons: string[] }[]> {
  return store.netByReference(tx, reference);
}

/** A player's balance as stored (0 Telnet for a player who has none; throws for no such player). */
export async function balanceOf(tx: Executor, userId: number): Promise<number> {
  const balance = await store.readBalance(tx, userId);
  if (balance === null) throw missingPlayer(userId);
  return balance;
}

/** The sum of a player's ledger rows: equal to balanceOf at every commit (tests and audits check it). */
export function sumLedger(tx: Executor, userId: number): Promise<number> {
  return store.sumLedger(tx, userId);
}

/** A page of a player's ledger rows, newest first: `until` is exclusive, `before` an id (the console's ledger history). */
export function ledgerPage(
  tx: Executor,
  userId: number,
  filter: { reason?: LedgerReason; from?: Date; until?: Date; before?: number },
  limit: number,
) {
  return store.ledgerPage(tx, userId, filter, limit);
}

/** One page of a player's ledger rows by id (the keyset `after` is the last id read), for their data export (ADR 057). */
export function ledgerPageAfter(db: Executor, userId: number, after: number, limit: number) {
  return store.ledgerPageAfter(db, userId, after, limit);
}

/** A player's activity rows (sales, break-ins, drone harvests, boss and mission rewards) after a ledger id, newest first (ADR 064). */
export function activityRowsAfter(db: Executor, userId: number, after: number, limit: number) {
  return store.activityRowsAfter(db, userId, after, limit);
}

/** The player's newest ledger id at or before `upToId`, 0 when none. */
export function newestLedgerIdUpTo(db: Executor, userId: number, upToId: number) {
  return store.newestLedgerIdUpTo(db, userId, upToId);
}
