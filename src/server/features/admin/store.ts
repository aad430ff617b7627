import { and, count, desc, eq, ilike, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, Role } from '../../../core/api/admin';
import type { Executor, Tx } from '../../db/connect';
import { auditLog, ledgerReversals, users } from '../../db/schema';

export interface OperatorRow {
  id: number;
  username: string;
  role: Role;
}

/** The account behind a console request, read fresh each time: a demotion takes effect on the next request. */
export async function findOperator(db: Executor, userId: number): Promise<OperatorRow | undefined> {
  const [row] = await db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function findPlayerIdByLoginId(db: Executor, loginId: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, loginId));
  return row?.id;
}

/** The target's role as the action sees it (its row is already locked by lockPlayers). */
export async function findTarget(tx: Tx, userId: number): Promise<OperatorRow | undefined> {
  return findOperator(tx, userId);
}

export async function setRole(tx: Tx, userId: number, role: Role): Promise<void> {
  await tx.update(users).set({ role }).where(eq(users.id, userId));
}

export interface AuditRow {
  at: Date;
  actorId: number | null;
  actorLabel: string;
  action: AuditAction;
  targetUserId: number | null;
  reason: string;
  before: unknown;
  after: unknown;
}

export async function insertAudit(tx: Tx, row: AuditRow): Promise<void> {
  await tx.insert(auditLog).values(row);
}

/** One page of the audit log, newest first, with the target's current username. */
export async function listAudit(
  db: Executor,
  query: { before?: number; targetUserId?: number; action?: AuditAction },
  limit: number,
) {
  const where: SQL[] = [];
  if (query.before !== undefined) where.push(lt(auditLog.id, query.before));
  if (query.targetUserId !== undefined) where.push(eq(auditLog.targetUserId, query.targetUserId));
  if (query.action !== undefined) where.push(eq(auditLog.action, query.action));
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actor: auditLog.actorLabel,
      action: auditLog.action,
      targetUserId: auditLog.targetUserId,
      targetUsername: users.username,
      reason: auditLog.reason,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.targetUserId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

const summaryColumns = {
  id: users.id,
  username: users.username,
  level: users.level,
  role: users.role,
  banned: users.banned,
  mutedUntil: users.mutedUntil,
};

export type SummaryRow = {
  id: number;
  username: string;
  level: number;
  role: Role;
  banned: boolean;
  mutedUntil: Date | null;
};

/** `%` and `_` in what a moderator typed match themselves, not any character. */
function likePrefix(q: string): string {
  return `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Players whose username or login ID starts with q (case-insensitive), or whose id is q; bounded. */
export async function searchPlayers(db: Executor, q: string, id: number | null, limit: number): Promise<SummaryRow[]> {
  const prefix = likePrefix(q);
  const match = or(
    ilike(users.username, prefix),
    ilike(users.loginId, prefix),
    ...(id === null ? [] : [eq(users.id, id)]),
  );
  return db
    .select(summaryColumns)
    .from(users)
    .where(match)
    .orderBy(sql`lower(${users.username})`)
    .limit(limit);
}

/** The target of an action (its row locked by lockPlayers), as the action and its answer see it. */
export async function summaryOf(db: Executor, userId: number): Promise<SummaryRow | undefined> {
  const [row] = await db.select(summaryColumns).from(users).where(eq(users.id, userId));
  return row;
}

/** The player view's own columns of the account (the registration address stays on the server). */
export async function viewedAccount(db: Executor, userId: number) {
  const [row] = await db
    .select({
      ...summaryColumns,
      exp: users.currentExp,
      telnet: users.telnet,
      createdAt: users.createdAt,
      registrationIp: users.registrationIp,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Other accounts registered from an address (bounded) and how many there are in all, this one included. */
export async function accountsFromAddress(db: Executor, address: string, exceptUserId: number, limit: number) {
  const others = await db
    .select({ userId: users.id, username: users.username, banned: users.banned })
    .from(users)
    .where(and(eq(users.registrationIp, address), ne(users.id, exceptUserId)))
    .orderBy(users.id)
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(users).where(eq(users.registrationIp, address));
  return { others, total: Number(total?.n ?? 0) };
}

export async function setMutedUntil(tx: Tx, userId: number, until: Date | null): Promise<void> {
  await tx.update(users).set({ mutedUntil: until }).where(eq(users.id, userId));
}

/** Whether an operator has reversed this ledger reference already (ADR 060). */
export async function isReversed(db: Executor, reference: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(ledgerReversals)
    .where(eq(ledgerReversals.reference, reference))
    .limit(1);
  return row !== undefined;
}

export async function insertReversals(
  tx: Tx,
  rows: { reference: string; userId: number; delta: number; owed: number; reversedAt: Date }[],
): Promise<boolean> {
  const inserted = await tx
    .insert(ledgerReversals)
    .values(rows)
    .onConflictDoNothing()
    .returning({ userId: ledgerReversals.userId });
  return inserted.length === rows.length;
}

/** Sets the rename flag (ADR 060); answers whether it was set already. The row is locked by lockPlayers. */
export async function setRenameRequired(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await tx.select({ flag: users.renameRequired }).from(users).where(eq(users.id, userId));
  await tx.update(users).set({ renameRequired: true }).where(eq(users.id, userId));
  return row?.flag ?? false;
}
