import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/connect';
import { noteFeatureRowLocked } from '../../db/lock-players';
import { intArray } from '../../db/param-sets';
import { attacks, intrusions, users } from '../../db/schema';

// The Terminal's intrusions and the attacks they ended in; store.ts keeps the players, file systems and directories.

export type IntrusionRow = typeof intrusions.$inferSelect;

/** Ends the attacker's open intrusions (a new ssh replaces them): 'expired' past their limit, 'exited' otherwise. */
export async function closeOpenIntrusionsOf(tx: Tx, attackerId: number, atDate: Date): Promise<void> {
  // Raw SQL parameters get no column type: pass the time as text and cast it (postgres-js sends no Date there).
  const at = sql`${atDate.toISOString()}::timestamptz`;
  await tx
    .update(intrusions)
    .set({
      outcome: sql`CASE WHEN ${intrusions.expiresAt} <= ${at} THEN 'expired' ELSE 'exited' END`,
      endedAt: sql`LEAST(${intrusions.expiresAt}, ${at})`,
    })
    .where(and(eq(intrusions.attackerId, attackerId), eq(intrusions.outcome, 'active')));
}

export async function insertIntrusion(
  tx: Tx,
  row: { attackerId: number; victimId: number; startedAt: Date; expiresAt: Date; victimAlerted: boolean },
): Promise<number> {
  const [inserted] = await tx.insert(intrusions).values(row).returning({ id: intrusions.id });
  return inserted!.id;
}

/** Locks an intrusion: a hack, a second hack with the same intrusion, an exit and the expiry job take turns. */
export async function lockIntrusion(tx: Tx, id: number): Promise<IntrusionRow | undefined> {
  const [row] = await tx.select().from(intrusions).where(eq(intrusions.id, id)).for('update');
  noteFeatureRowLocked(tx);
  return row;
}

export async function readIntrusion(tx: Executor, id: number): Promise<IntrusionRow | undefined> {
  const [row] = await tx.select().from(intrusions).where(eq(intrusions.id, id));
  return row;
}

/**
 * What the per-pair limits need about this attacker's past intrusions into this victim: when the
 * latest ended (an open one: its limit), and when the victim was last alerted. Uses intrusions_pair.
 */
export async function pairHistory(
  tx: Executor,
  attackerId: number,
  victimId: number,
): Promise<{ lastEndsAt: number | null; lastAlertAt: number | null }> {
  // Epoch milliseconds as float8: both drivers answer a number (a raw timestamptz comes back as text on one of them).
  const [row] = await tx
    .select({
      lastEndsAt: sql<
        number | null
      >`(extract(epoch FROM max(coalesce(${intrusions.endedAt}, ${intrusions.expiresAt}))) * 1000)::float8`,
      lastAlertAt: sql<
        number | null
      >`(extract(epoch FROM max(${intrusions.startedAt}) FILTER (WHERE ${intrusions.victimAlerted})) * 1000)::float8`,
    })
    .from(intrusions)
    .where(and(eq(intrusions.attackerId, attackerId), eq(intrusions.victimId, victimId)));
  return { lastEndsAt: row?.lastEndsAt ?? null, lastAlertAt: row?.lastAlertAt ?? null };
}

/** When any of `attackerIds` last alerted this victim (ms), or null: their alerts share one window (ADR 056). */
export async function lastAlertFrom(tx: Executor, victimId: number, attackerIds: number[]): Promise<number | null> {
  if (attackerIds.length === 0) return null;
  const [row] = await tx
    .select({ at: sql<number | null>`(extract(epoch FROM max(${intrusions.startedAt})) * 1000)::float8` })
    .from(intrusions)
    .where(
      and(
        eq(intrusions.victimId, victimId),
        eq(intrusions.victimAlerted, true),
        inArray(intrusions.attackerId, attackerIds),
      ),
    );
  return row?.at ?? null;
}

export async function endIntrusion(
  tx: Tx,
  id: number,
  outcome: 'hacked' | 'expired' | 'exited',
  at: Date,
): Promise<void> {
  await tx
    .update(intrusions)
    .set({ outcome, endedAt: at })
    .where(and(eq(intrusions.id, id), eq(intrusions.outcome, 'active')));
}

export async function insertAttack(
  tx: Tx,
  row: { intrusionId: number; attackerId: number; victimId: number; telnetStolen: number; createdAt: Date },
): Promise<void> {
  await tx.insert(attacks).values(row);
}

/** The attacker's latest successful hack of this victim since `since`, if any. */
export async function lastHackSince(
  tx: Executor,
  attackerId: number,
  victimId: number,
  since: Date,
): Promise<Date | null> {
  const [row] = await tx
    .select({ at: attacks.createdAt })
    .from(attacks)
    .where(and(eq(attacks.attackerId, attackerId), eq(attacks.victimId, victimId), gt(attacks.createdAt, since)))
    .orderBy(desc(attacks.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/** Whether the player has ever made a successful hack (it lifts their own 24-hour shield; ADR 050). */
export async function hasHacked(tx: Executor, userId: number): Promise<boolean> {
  const [row] = await tx.select({ id: attacks.id }).from(attacks).where(eq(attacks.attackerId, userId)).limit(1);
  return row !== undefined;
}

const attacker = alias(users, 'attacker');
const victim = alias(users, 'victim');

/** Attacks made and received by a player, newest first, with both usernames. */
export async function attackHistory(tx: Executor, userId: number, limit: number) {
  return tx
    .select({
      createdAt: attacks.createdAt,
      attackerId: attacks.attackerId,
      attackerUsername: attacker.username,
      victimUsername: victim.username,
      telnetStolen: attacks.telnetStolen,
    })
    .from(attacks)
    .innerJoin(attacker, eq(attacker.id, attacks.attackerId))
    .innerJoin(victim, eq(victim.id, attacks.victimId))
    .where(or(eq(attacks.attackerId, userId), eq(attacks.victimId, userId)))
    .orderBy(desc(attacks.createdAt), desc(attacks.id))
    .limit(limit);
}

/**
 * Intrusions into a player's system, newest first, at most `perAttacker` of each attacker's newest:
 * one attacker's many visits cannot push the others out of the log (ADR 049).
 */
export async function intrusionLog(tx: Executor, victimId: number, limit: number, perAttacker: number) {
  const ranked = tx
    .select({
      id: intrusions.id,
      attackerId: intrusions.attackerId,
      startedAt: intrusions.startedAt,
      expiresAt: intrusions.expiresAt,
      endedAt: intrusions.endedAt,
      outcome: intrusions.outcome,
      rank: sql<number>`row_number() OVER (PARTITION BY ${intrusions.attackerId} ORDER BY ${intrusions.startedAt} DESC, ${intrusions.id} DESC)`.as(
        'rank',
      ),
    })
    .from(intrusions)
    .where(eq(intrusions.victimId, victimId))
    .as('ranked');
  return tx
    .select({
      intrusionId: ranked.id,
      attackerUsername: attacker.username,
      startedAt: ranked.startedAt,
      expiresAt: ranked.expiresAt,
      endedAt: ranked.endedAt,
      outcome: ranked.outcome,
    })
    .from(ranked)
    .innerJoin(attacker, eq(attacker.id, ranked.attackerId))
    .where(sql`${ranked.rank} <= ${perAttacker}`)
    .orderBy(desc(ranked.startedAt), desc(ranked.id))
    .limit(limit);
}

/** The attacker's username of each intrusion (the activity log names who broke in). */
export function intruderNames(tx: Executor, intrusionIds: readonly number[]) {
  return tx
    .select({ id: intrusions.id, username: users.username })
    .from(intrusions)
    .innerJoin(users, eq(users.id, intrusions.attackerId))
    .where(sql`${intrusions.id} = any(${intArray(intrusionIds)})`);
}
