import { and, asc, count, desc, eq, gte, or, sql, sum } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/connect';
import { noteFeatureRowLocked } from '../../db/lock-players';
import { blockchainAttempts, blockchainBosses, blockchainGuessers, blockchainHits, users } from '../../db/schema';

export type BossRow = typeof blockchainBosses.$inferSelect;
export type NewBoss = Pick<
  typeof blockchainBosses.$inferInsert,
  'level' | 'integrity' | 'maxIntegrity' | 'codeLength' | 'code' | 'spawnedAt'
>;

/** The active boss as committed now (no lock: guesses read it, only a crack locks it). */
export async function activeBoss(tx: Executor): Promise<BossRow | undefined> {
  const [row] = await tx.select().from(blockchainBosses).where(eq(blockchainBosses.status, 'active'));
  return row;
}

export async function bossById(tx: Executor, id: number): Promise<BossRow | undefined> {
  const [row] = await tx.select().from(blockchainBosses).where(eq(blockchainBosses.id, id));
  return row;
}

/** The most recently defeated boss, for the last-defeated card and the next boss's level. */
export async function lastDefeatedBoss(tx: Executor): Promise<BossRow | undefined> {
  const [row] = await tx
    .select()
    .from(blockchainBosses)
    .where(eq(blockchainBosses.status, 'defeated'))
    .orderBy(desc(blockchainBosses.defeatedAt), desc(blockchainBosses.id))
    .limit(1);
  return row;
}

/**
 * Inserts a boss unless one is active: the partial unique index decides between two instances, the
 * loser's insert does nothing. Returns the new id, or null.
 */
export async function insertBoss(tx: Executor, boss: NewBoss): Promise<number | null> {
  const rows = await tx
    .insert(blockchainBosses)
    .values(boss)
    .onConflictDoNothing({ target: blockchainBosses.status, where: sql`status = 'active'` })
    .returning({ id: blockchainBosses.id });
  return rows[0]?.id ?? null;
}

export async function anyBoss(tx: Executor): Promise<boolean> {
  const [row] = await tx.select({ id: blockchainBosses.id }).from(blockchainBosses).limit(1);
  return row !== undefined;
}

/**
 * The crack: one conditional UPDATE on (id, code_version), so of many players sending the same code
 * exactly one changes the row; the others match nothing (their statement re-reads the committed row).
 * At integrity 0 the boss is defeated in the same statement. Returns the row after, or null.
 */
export async function crackCode(
  tx: Tx,
  crack: { bossId: number; codeVersion: number; damage: number; newCode: string; at: Date; nextSpawnAt: Date },
): Promise<BossRow | null> {
  noteFeatureRowLocked(tx);
  const left = sql`greatest(${blockchainBosses.integrity} - ${crack.damage}, 0)`;
  const [row] = await tx
    .update(blockchainBosses)
    .set({
      integrity: left,
      previousCode: sql`${blockchainBosses.code}`,
      code: crack.newCode,
      codeVersion: sql`${blockchainBosses.codeVersion} + 1`,
      status: sql`CASE WHEN ${left} = 0 THEN 'defeated' ELSE 'active' END`,
      defeatedAt: sql`CASE WHEN ${left} = 0 THEN ${crack.at.toISOString()}::timestamptz END`,
      nextSpawnAt: sql`CASE WHEN ${left} = 0 THEN ${crack.nextSpawnAt.toISOString()}::timestamptz END`,
    })
    .where(
      and(
        eq(blockchainBosses.id, crack.bossId),
        eq(blockchainBosses.codeVersion, crack.codeVersion),
        eq(blockchainBosses.status, 'active'),
      ),
    )
    .returning();
  return row ?? null;
}

export async function recordRewards(
  tx: Tx,
  bossId: number,
  r: {
    lastHitter: { id: number; username: string; blacklisted: boolean; reward: number };
    mostDamage: { id: number; username: string; blacklisted: boolean; reward: number; amount: number };
  },
): Promise<void> {
  await tx
    .update(blockchainBosses)
    .set({
      lastHitterId: r.lastHitter.id,
      lastHitterUsername: r.lastHitter.username,
      lastHitterBlacklisted: r.lastHitter.blacklisted,
      lastHitterReward: r.lastHitter.reward,
      mostDamageId: r.mostDamage.id,
      mostDamageUsername: r.mostDamage.username,
      mostDamageBlacklisted: r.mostDamage.blacklisted,
      mostDamageReward: r.mostDamage.reward,
      mostDamageAmount: r.mostDamage.amount,
    })
    .where(eq(blockchainBosses.id, bossId));
}

export async function insertHit(tx: Tx, hit: typeof blockchainHits.$inferInsert): Promise<void> {
  await tx.insert(blockchainHits).values(hit);
}

export async function hitsOn(
  tx: Executor,
  bossId: number,
): Promise<{ userId: number; damage: number; order: number }[]> {
  const rows = await tx
    .select({ userId: blockchainHits.userId, damage: blockchainHits.damage, order: blockchainHits.id })
    .from(blockchainHits)
    .where(eq(blockchainHits.bossId, bossId));
  return rows;
}

/** What it took to kill a boss: how many codes were cracked and the damage they dealt (overkill included). */
export async function killStats(tx: Executor, bossId: number): Promise<{ cracks: number; totalDamage: number }> {
  const [row] = await tx
    .select({ cracks: count(), totalDamage: sum(blockchainHits.damage) })
    .from(blockchainHits)
    .where(eq(blockchainHits.bossId, bossId));
  return { cracks: Number(row?.cracks ?? 0), totalDamage: Number(row?.totalDamage ?? 0) };
}

/**
 * Boss-reward Telnet a player received from bosses defeated since `since` (their daily cap; ADR 050):
 * the cards record what was paid, and a day holds at most a dozen defeats (one boss per 2 hours).
 */
export async function rewardsPaidSince(tx: Executor, userId: number, since: Date): Promise<number> {
  const rows = await tx
    .select({
      lastHitterId: blockchainBosses.lastHitterId,
      lastHitterReward: blockchainBosses.lastHitterReward,
      mostDamageId: blockchainBosses.mostDamageId,
      mostDamageReward: blockchainBosses.mostDamageReward,
    })
    .from(blockchainBosses)
    .where(
      and(
        gte(blockchainBosses.defeatedAt, since),
        or(eq(blockchainBosses.lastHitterId, userId), eq(blockchainBosses.mostDamageId, userId)),
      ),
    );
  return rows.reduce(
    (paid, r) =>
      paid +
      (r.lastHitterId === userId ? r.lastHitterReward : 0) +
      (r.mostDamageId === userId ? r.mostDamageReward : 0),
    0,
  );
}

export async function insertAttempt(tx: Tx, attempt: typeof blockchainAttempts.$inferInsert): Promise<number> {
  const [row] = await tx.insert(blockchainAttempts).values(attempt).returning({ id: blockchainAttempts.id });
  return row!.id;
}

/** The last `limit` guesses on one code, newest first, with their players' names. */
export async function recentAttempts(tx: Executor, bossId: number, codeVersion: number, limit: number) {
  return tx
    .select({
      id: blockchainAttempts.id,
      username: users.username,
      guess: blockchainAttempts.guess,
      correctPosition: blockchainAttempts.correctPosition,
      wrongPosition: blockchainAttempts.wrongPosition,
    })
    .from(blockchainAttempts)
    .innerJoin(users, eq(users.id, blockchainAttempts.userId))
    .where(and(eq(blockchainAttempts.bossId, bossId), eq(blockchainAttempts.codeVersion, codeVersion)))
    .orderBy(desc(blockchainAttempts.id))
    .limit(limit);
}

export async function hasAttempted(tx: Executor, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: blockchainAttempts.id })
    .from(blockchainAttempts)
    .where(eq(blockchainAttempts.userId, userId))
    .limit(1);
  return row !== undefined;
}

/**
 * Takes the player's guess slot: one upsert that succeeds only if their last accepted guess is at
 * least windowMs old (spec §9's 500 ms), so two guesses at once from one player are one guess.
 */
export async function claimGuessSlot(tx: Tx, userId: number, nowMs: number, windowMs: number): Promise<boolean> {
  const rows = await tx
    .insert(blockchainGuessers)
    .values({ userId, lastGuessAtMs: nowMs })
    .onConflictDoUpdate({
      target: blockchainGuessers.userId,
      set: { lastGuessAtMs: nowMs },
      setWhere: sql`${blockchainGuessers.lastGuessAtMs} <= ${nowMs - windowMs}`,
    })
    .returning({ userId: blockchainGuessers.userId });
  return rows.length > 0;
}

export interface Guesser {
  id: number;
  username: string;
  level: number;
  currentExp: number;
  attack: number;
  criticalRate: number;
  bonusCriticalHit: number;
  itemDropRate: number;
}

export async function guesser(tx: Executor, userId: number): Promise<Guesser | undefined> {
  const [row] = await tx
    .select({
      id: users.id,
      username: users.username,
      level: users.level,
      currentExp: users.currentExp,
      attack: users.attack,
      criticalRate: users.criticalRate,
      bonusCriticalHit: users.bonusCriticalHit,
      itemDropRate: users.itemDropRate,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * Spends a guess's experience: one conditional UPDATE (never read-then-write), so experience never
 * goes below 0 and the level never drops (docs/game-rules.md §19). Returns the experience left, or null.
 */
export async function spendExp(tx: Tx, userId: number, cost: number): Promise<number | null> {
  const [row] = await tx
    .update(users)
    .set({ currentExp: sql`${users.currentExp} - ${cost}` })
    .where(and(eq(users.id, userId), gte(users.currentExp, cost)))
    .returning({ currentExp: users.currentExp });
  return row ? row.currentExp : null;
}

export async function usernames(
  tx: Executor,
  ids: number[],
): Promise<Map<number, { username: string; level: number }>> {
  const out = new Map<number, { username: string; level: number }>();
  for (const id of ids) {
    const [row] = await tx
      .select({ username: users.username, level: users.level })
      .from(users)
      .where(eq(users.id, id))
      .orderBy(asc(users.id));
    if (row) out.set(id, row);
  }
  return out;
}
