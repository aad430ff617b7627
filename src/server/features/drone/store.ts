import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/connect';
import { noteFeatureRowLocked } from '../../db/lock-players';
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

export async function updateRun(tx: Tx, runId: number, change: Partial<Omit<DroneRunRow, 'id' | 'userId'>>): Promise<void> {
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

export type PlayerProgress = Pick<typeof users.$inferSelect, 'id' | 'level' | 'currentExp' | 'totalTaps' | 'telnetCents' | 'connectionRate' | 'banned' | 'criticalRate' | 'attack' | 'bonusCriticalHit' | 'itemDropRate'>;

/** Locks the player's row for a purchase or one drone step, so taps and steps never interleave on it. */
export async function lockPlayer(tx: Tx, userId: number): Promise<PlayerProgress | undefined> {
  const [row] = await tx
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
    .where(eq(users.id, userId))
    // NO KEY UPDATE: the idempotency key row (a foreign key to users) holds KEY SHARE on this row in
    // the same transaction; FOR UPDATE would deadlock two purchases against each other's key rows.
    .for('no key update');
  return row;
}

/** The drone's decodes on the player's progress (Telnet itself goes through the wallet). */
export async function updateProgress(tx: Tx, p: { id: number; level: number; currentExp: number; totalTaps: number; telnetCents: number }): Promise<void> {
  await tx.update(users).set({ level: p.level, currentExp: p.currentExp, totalTaps: p.totalTaps, telnetCents: p.telnetCents }).where(eq(users.id, p.id));
}
