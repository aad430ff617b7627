import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/connect';
import { noteFeatureRowLocked } from '../../db/lock-players';
import { intArray, jsonRows } from '../../db/param-sets';
import { droneRuns, users } from '../../db/schema';

export type DroneRunRow = typeof droneRuns.$inferSelect;
export type NewDroneRun = typeof droneRuns.$inferInsert;

/** Inserts a run; null when the player already has an active one (the partial unique index). */
export async function insertRun(tx: Tx, run: NewDroneRun): Promise<number | null> {
  const rows = await tx.insert(droneRuns).values(run).onConflictDoNothing().returning({ id: droneRuns.id });
  return rows[0]?.id ?? null;
}

export async function lockRun(tx: Tx, runId: number): Promise<DroneRunRow | undefined> {
  noteFeatureRowLocked(tx);
  const [row] = await tx.select().from(droneRuns).where(eq(droneRuns.id, runId)).for('update');
  return row;
}

/** Whose run it is (never changes), read without a lock so the player can be locked first. */
export async function ownerOfRun(tx: Executor, runId: number): Promise<number | undefined> {
  const [row] = await tx.select({ userId: droneRuns.userId }).from(droneRuns).where(eq(droneRuns.id, runId));
  return row?.userId;
}

export async function updateRun(
  tx: Tx,
  runId: number,
  change: Partial<Omit<DroneRunRow, 'id' | 'userId'>>,
): Promise<void> {
  await tx.update(droneRuns).set(change).where(eq(droneRuns.id, runId));
}

/** The player's latest run that is active or waiting to be harvested, for the status call. */
export async function currentRun(db: Executor, userId: number): Promise<DroneRunRow | undefined> {
  const [row] = await db
    .select()
    .from(droneRuns)
    .where(and(eq(droneRuns.userId, userId), sql`${droneRuns.status} IN ('active', 'finished')`))
    .orderBy(sql`${droneRuns.status} = 'active' DESC`, asc(droneRuns.id))
    .limit(1);
  return row;
}

/**
 * Hands out the oldest finished run's harvest exactly once: one conditional UPDATE, so two tabs
 * asking at once get it in one of them only.
 */
export async function takeHarvest(tx: Executor, userId: number, at: Date): Promise<DroneRunRow | undefined> {
  const [row] = await tx
    .update(droneRuns)
    .set({ status: 'harvested', harvestedAt: at })
    .where(
      sql`${droneRuns.id} = (SELECT id FROM drone_runs WHERE user_id = ${userId} AND status = 'finished' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        AND ${droneRuns.status} = 'finished'`,
    )
    .returning();
  return row;
}

export type PlayerProgress = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'level'
  | 'currentExp'
  | 'totalTaps'
  | 'telnetCents'
  | 'connectionRate'
  | 'banned'
  | 'criticalRate'
  | 'attack'
  | 'bonusCriticalHit'
  | 'itemDropRate'
>;

/** Locks the player's row for a purchase or one drone step, so taps and steps never interleave on it. */
export async function lockPlayer(tx: Tx, userId: number): Promise<PlayerProgress | undefined> {
  return (await lockPlayersProgress(tx, [userId])).get(userId);
}

/** The drone's decodes on the player's progress (Telnet itself goes through the wallet). */
export async function updateProgress(
  tx: Tx,
  p: { id: number; level: number; currentExp: number; totalTaps: number; telnetCents: number },
): Promise<void> {
  await tx
    .update(users)
    .set({ level: p.level, currentExp: p.currentExp, totalTaps: p.totalTaps, telnetCents: p.telnetCents })
    .where(eq(users.id, p.id));
}

/** Locks many players for a batch of drone steps, in id order (ADR 044, 073): one statement. */
export async function lockPlayersProgress(tx: Tx, userIds: number[]): Promise<Map<number, PlayerProgress>> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  const rows = await tx
    .select({
      id: users.id,
      level: users.level,
      currentExp: users.currentExp,
      totalTaps: users.totalTaps,
      telnetCents: users.telnetCents,
      connectionRate: users.connectionRate,
      banned: users.banned,
      criticalRate: users.criticalRate,
      attack: users.attack,
      bonusCriticalHit: users.bonusCriticalHit,
      itemDropRate: users.itemDropRate,
    })
    .from(users)
    .where(sql`${users.id} = any(${intArray(ids)})`)
    .orderBy(users.id)
    // NO KEY UPDATE: the idempotency key row (a foreign key to users) holds KEY SHARE on this row in
    // the same transaction; FOR UPDATE would deadlock two purchases against each other's key rows.
    .for('no key update');
  return new Map(rows.map((r) => [r.id, r]));
}

/** Locks many runs (after their players), in id order. */
export async function lockRuns(tx: Tx, runIds: number[]): Promise<Map<number, DroneRunRow>> {
  noteFeatureRowLocked(tx);
  const rows = await tx
    .select()
    .from(droneRuns)
    .where(sql`${droneRuns.id} = any(${intArray([...new Set(runIds)])})`)
    .orderBy(droneRuns.id)
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

/** Whose runs they are, read without a lock (steps scheduled before the payload named the player). */
export async function ownersOfRuns(tx: Executor, runIds: number[]): Promise<Map<number, number>> {
  if (runIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: droneRuns.id, userId: droneRuns.userId })
    .from(droneRuns)
    .where(sql`${droneRuns.id} = any(${intArray(runIds)})`);
  return new Map(rows.map((r) => [r.id, r.userId]));
}

/** Many players' drone decodes on their progress, in one statement (Telnet itself goes through the wallet). */
export async function updateProgressMany(
  tx: Tx,
  rows: Array<{ id: number; level: number; currentExp: number; totalTaps: number; telnetCents: number }>,
): Promise<void> {
  if (rows.length === 0) return;
  const json = jsonRows(
    rows.map((p) => ({
      id: p.id,
      level: p.level,
      current_exp: p.currentExp,
      total_taps: p.totalTaps,
      telnet_cents: p.telnetCents,
    })),
  );
  await tx.execute(sql`
    UPDATE users AS u SET level = r.level, current_exp = r.current_exp, total_taps = r.total_taps, telnet_cents = r.telnet_cents
    FROM jsonb_to_recordset(${json})
      AS r(id int, level int, current_exp bigint, total_taps bigint, telnet_cents int)
    WHERE u.id = r.id`);
}

export type RunChange = Pick<
  DroneRunRow,
  | 'id'
  | 'stepsDone'
  | 'clicksDone'
  | 'experience'
  | 'newLevel'
  | 'telnetEarned'
  | 'lostDrops'
  | 'gear'
  | 'cores'
  | 'status'
  | 'nextStepAt'
  | 'finishedAt'
>;

/** Many runs' progress after a batch of steps, in one statement. */
export async function updateRuns(tx: Tx, runs: RunChange[]): Promise<void> {
  if (runs.length === 0) return;
  const json = jsonRows(
    runs.map((c) => ({
      id: c.id,
      steps_done: c.stepsDone,
      clicks_done: c.clicksDone,
      experience: c.experience,
      new_level: c.newLevel,
      telnet_earned: c.telnetEarned,
      lost_drops: c.lostDrops,
      gear: c.gear,
      cores: c.cores,
      status: c.status,
      next_step_at: c.nextStepAt?.toISOString() ?? null,
      finished_at: c.finishedAt?.toISOString() ?? null,
    })),
  );
  await tx.execute(sql`
    UPDATE drone_runs AS d SET steps_done = r.steps_done, clicks_done = r.clicks_done, experience = r.experience, new_level = r.new_level,
      telnet_earned = r.telnet_earned, lost_drops = r.lost_drops, gear = r.gear, cores = r.cores, status = r.status,
      next_step_at = r.next_step_at, finished_at = r.finished_at
    FROM jsonb_to_recordset(${json})
      AS r(id int, steps_done int, clicks_done int, experience bigint, new_level int, telnet_earned int, lost_drops int,
        gear jsonb, cores jsonb, status text, next_step_at timestamptz, finished_at timestamptz)
    WHERE d.id = r.id`);
}
