import { and, asc, desc, eq, gt, gte, inArray, like, lt, lte, or, sql } from 'drizzle-orm';
import type { LedgerReason } from '../../core/ledger-reasons';
import type { Executor, Tx } from '../db/connect';
import { fixedRows } from '../db/fixed-sql';
import { arrayLiteral } from '../db/param-sets';
import { rowsOf } from '../db/rows';
import { telnetLedger, users } from '../db/schema';
import { noteLedgerRows } from './committed';

export interface LedgerRow {
  userId: number;
  delta: number;
  reason: LedgerReason;
  reference: string;
}

// The money paths' statements are fixed text (fixed-sql.ts, ADR 078): every tap group and spending
// request sends one or more of them, and their text never depends on their data.
const addToBalancesText = `
  UPDATE users AS u SET telnet = u.telnet + v.amount
  FROM unnest($1::int[], $2::bigint[]) AS v(id, amount)
  WHERE u.id = v.id
  RETURNING u.id, u.telnet`;

/** The payer's debit, refused (no row) when they hold less than the amount: $1 the amount, $2 the payer. */
const paidCte = `paid AS (
    UPDATE users SET telnet = telnet - $1::bigint
    WHERE id = $2::int AND telnet >= $1::bigint
    RETURNING telnet
  )`;

const subtractWithLedgerText = `
  WITH ${paidCte}, entry AS (
    INSERT INTO telnet_ledger (user_id, delta, reason, reference)
    SELECT $2::int, $3::bigint, $4::text, $5::text FROM paid
  )
  SELECT telnet FROM paid`;

const ledgerRowsFrom = `jsonb_to_recordset($PARAM::jsonb) AS r(user_id int, delta bigint, reason text, reference text)`;

const transferWithLedgerText = `
  WITH ${paidCte}, got AS (
    UPDATE users SET telnet = telnet + $3::bigint
    WHERE id = $4::int AND EXISTS (SELECT 1 FROM paid)
    RETURNING telnet
  ), entries AS (
    INSERT INTO telnet_ledger (user_id, delta, reason, reference)
    SELECT r.user_id, r.delta, r.reason, r.reference
    FROM ${ledgerRowsFrom.replace('$PARAM', '$5')}
    WHERE EXISTS (SELECT 1 FROM paid)
  )
  SELECT (SELECT telnet FROM paid) AS from_balance, (SELECT telnet FROM got) AS to_balance`;

const appendLedgerText = `
  INSERT INTO telnet_ledger (user_id, delta, reason, reference)
  SELECT r.user_id, r.delta, r.reason, r.reference
  FROM ${ledgerRowsFrom.replace('$PARAM', '$1')}`;

/** Ledger rows as the one JSON parameter `ledgerRowsFrom` reads: a group's 1 or 200 rows are the same statement. */
function ledgerJson(rows: LedgerRow[]): string {
  return JSON.stringify(
    rows.map((r) => ({ user_id: r.userId, delta: r.delta, reason: r.reason, reference: r.reference })),
  );
}

/** Adds to each balance in one statement; returns the new balances. Amounts must be one per player. */
export async function addToBalances(
  tx: Tx,
  amounts: Array<{ userId: number; amount: number }>,
): Promise<Map<number, number>> {
  if (amounts.length === 0) return new Map();
  const rows = await fixedRows<{ id: number; telnet: string | number }>(tx, addToBalancesText, [
    arrayLiteral(amounts.map((a) => a.userId)),
    arrayLiteral(amounts.map((a) => a.amount)),
  ]);
  return new Map(rows.map((r) => [Number(r.id), Number(r.telnet)]));
}

/**
 * The debit and its ledger row in one statement (ADR 078): the conditional UPDATE decides, and the
 * ledger row is inserted only from the row it returned. Returns the new balance, or null when the
 * player does not have `amount` (nothing written).
 */
export async function subtractWithLedger(tx: Tx, row: LedgerRow): Promise<number | null> {
  const amount = -row.delta;
  const [paid] = await fixedRows<{ telnet: string | number }>(tx, subtractWithLedgerText, [
    amount,
    row.userId,
    row.delta,
    row.reason,
    row.reference,
  ]);
  if (!paid) return null;
  noteLedgerRows(tx, [row]);
  return Number(paid.telnet);
}

/**
 * A transfer in one statement (ADR 078): the payer's conditional debit, the payee's credit and every
 * ledger row, the last two only when the debit took. Both players must be locked already (in id
 * order) and different. Returns both balances, or null when the payer does not have `amount`.
 */
export async function transferWithLedger(
  tx: Tx,
  t: { fromUserId: number; toUserId: number; amount: number; received: number; rows: LedgerRow[] },
): Promise<{ fromBalance: number; toBalance: number } | null> {
  const [row] = await fixedRows<{ from_balance: string | number | null; to_balance: string | number | null }>(
    tx,
    transferWithLedgerText,
    [t.amount, t.fromUserId, t.received, t.toUserId, ledgerJson(t.rows)],
  );
  if (!row || row.from_balance === null) return null;
  if (row.to_balance === null) throw new Error(`wallet: no player ${t.toUserId}`);
  noteLedgerRows(tx, t.rows);
  return { fromBalance: Number(row.from_balance), toBalance: Number(row.to_balance) };
}

/**
 * Takes up to `amount` in one statement: all of it, or the whole balance when that is less (never
 * below zero). Returns what was taken and the new balance; null for no such player.
 */
export async function subtractUpTo(
  tx: Tx,
  userId: number,
  amount: number,
): Promise<{ taken: number; balance: number } | null> {
  const result = await tx.execute(sql`
    WITH before AS (SELECT id, telnet FROM users WHERE id = ${userId} FOR NO KEY UPDATE)
    UPDATE users AS u SET telnet = u.telnet - least(b.telnet, ${amount})
    FROM before b WHERE u.id = b.id
    RETURNING least(b.telnet, ${amount}) AS taken, u.telnet AS balance`);
  const [row] = rowsOf<{ taken: string | number; balance: string | number }>(result);
  return row ? { taken: Number(row.taken), balance: Number(row.balance) } : null;
}

/** The sum of one player's ledger rows with these reasons and references (what one cause moved). */
export async function sumLedgerFor(
  tx: Executor,
  userId: number,
  reasons: LedgerReason[],
  references: string[],
): Promise<number> {
  if (reasons.length === 0 || references.length === 0) return 0;
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${telnetLedger.delta}), 0)` })
    .from(telnetLedger)
    .where(
      and(
        eq(telnetLedger.userId, userId),
        inArray(telnetLedger.reason, reasons),
        inArray(telnetLedger.reference, references),
      ),
    );
  return Number(row?.total ?? 0);
}

export async function readBalance(tx: Executor, userId: number): Promise<number | null> {
  const [row] = await tx.select({ telnet: users.telnet }).from(users).where(eq(users.id, userId));
  return row ? row.telnet : null;
}

/**
 * Appends ledger rows; the wallet calls it in the transaction that changed the balances. The rows go
 * as one JSON parameter, so a group commit's 1 or 200 rows are the same prepared statement.
 */
export async function appendLedger(tx: Tx, rows: LedgerRow[]): Promise<void> {
  if (rows.length === 0) return;
  await fixedRows(tx, appendLedgerText, [ledgerJson(rows)]);
  noteLedgerRows(tx, rows);
}

export async function sumLedger(tx: Executor, userId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${telnetLedger.delta}), 0)` })
    .from(telnetLedger)
    .where(eq(telnetLedger.userId, userId));
  return Number(row?.total ?? 0);
}

/** What a player is shown of one ledger row: in their ledger history, their data export and their activity log. */
const ledgerEntry = {
  id: telnetLedger.id,
  delta: telnetLedger.delta,
  reason: telnetLedger.reason,
  reference: telnetLedger.reference,
  createdAt: telnetLedger.createdAt,
};

/** One page of a player's ledger, newest first (the console's ledger history); walks the (user_id, id) index. */
export async function ledgerPage(
  db: Executor,
  userId: number,
  filter: { reason?: LedgerReason; from?: Date; until?: Date; before?: number },
  limit: number,
) {
  const where = [eq(telnetLedger.userId, userId)];
  if (filter.reason !== undefined) where.push(eq(telnetLedger.reason, filter.reason));
  if (filter.from !== undefined) where.push(gte(telnetLedger.createdAt, filter.from));
  if (filter.until !== undefined) where.push(lt(telnetLedger.createdAt, filter.until));
  if (filter.before !== undefined) where.push(lt(telnetLedger.id, filter.before));
  return db
    .select(ledgerEntry)
    .from(telnetLedger)
    .where(and(...where))
    .orderBy(desc(telnetLedger.id))
    .limit(limit);
}

/** What one reference (with its sub-references) moved for each player: the net of its rows and their reasons (an operator's reversal, ADR 060). */
export async function netByReference(
  tx: Executor,
  reference: string,
): Promise<{ userId: number; net: number; reasons: string[] }[]> {
  const rows = await tx
    .select({
      userId: telnetLedger.userId,
      net: sql<string>`sum(${telnetLedger.delta})`,
      reasons: sql<string[]>`array_agg(DISTINCT ${telnetLedger.reason})`,
    })
    .from(telnetLedger)
    // The reference and its sub-references (`drone:7` and its steps `drone:7:1`, `drone:7:2`…), as an index range.
    .where(
      or(
        eq(telnetLedger.reference, reference),
        and(gte(telnetLedger.reference, `${reference}:`), lt(telnetLedger.reference, `${reference};`)),
      ),
    )
    .groupBy(telnetLedger.userId)
    .orderBy(telnetLedger.userId);
  return rows.map((r) => ({ userId: r.userId, net: Number(r.net), reasons: r.reasons }));
}

/** One page of a player's ledger by id, for their data export (ADR 057). */
export function ledgerPageAfter(db: Executor, userId: number, after: number, limit: number) {
  return db
    .select(ledgerEntry)
    .from(telnetLedger)
    .where(and(eq(telnetLedger.userId, userId), gt(telnetLedger.id, after)))
    .orderBy(asc(telnetLedger.id))
    .limit(limit);
}

// What happened to a player rather than what they did (ADR 064): the same condition as the partial index
// telnet_ledger_activity, so the activity log reads that index and never the player's own decode rows.
const happenedToPlayer = or(
  inArray(telnetLedger.reason, ['market-sale', 'hack-lost', 'boss-reward', 'mission']),
  and(eq(telnetLedger.reason, 'decode'), like(telnetLedger.reference, 'drone:%')),
);

/** A player's activity rows after `after`, newest first, at most `limit`; only their own rows. */
export function activityRowsAfter(db: Executor, userId: number, after: number, limit: number) {
  return db
    .select(ledgerEntry)
    .from(telnetLedger)
    .where(and(eq(telnetLedger.userId, userId), gt(telnetLedger.id, after), happenedToPlayer))
    .orderBy(desc(telnetLedger.id))
    .limit(limit);
}

/** The id of the player's newest ledger row at or before `upToId` (0 when none): a marker never points past what they have. */
export async function newestLedgerIdUpTo(db: Executor, userId: number, upToId: number): Promise<number> {
  const [row] = await db
    .select({ id: telnetLedger.id })
    .from(telnetLedger)
    .where(and(eq(telnetLedger.userId, userId), lte(telnetLedger.id, upToId)))
    .orderBy(desc(telnetLedger.id))
    .limit(1);
  return row?.id ?? 0;
}
