import { and, asc, eq } from 'drizzle-orm';
import { MissionId } from '../../../core/rules/missions';
import type { Executor } from '../../db/connect';
import { missionCompletions, users } from '../../db/schema';

export async function completedMissions(tx: Executor, userId: number): Promise<MissionId[]> {
  const rows = await tx
    .select({ missionId: missionCompletions.missionId })
    .from(missionCompletions)
    .where(eq(missionCompletions.userId, userId));
  // Ids this build does not know (a mission retired later) are ignored rather than failing the status.
  return rows.flatMap((r) => (MissionId.safeParse(r.missionId).success ? [r.missionId as MissionId] : []));
}

/** Whether the player has completed this mission (a primary-key look-up). */
export async function isCompleted(tx: Executor, userId: number, missionId: MissionId): Promise<boolean> {
  const rows = await tx
    .select({ userId: missionCompletions.userId })
    .from(missionCompletions)
    .where(and(eq(missionCompletions.userId, userId), eq(missionCompletions.missionId, missionId)))
    .limit(1);
  return rows.length === 1;
}

/** Records a completion; true only for the one call whose row went in (the primary key settles a race). */
export async function insertCompletion(tx: Executor, userId: number, missionId: MissionId, at: Date): Promise<boolean> {
  const rows = await tx
    .insert(missionCompletions)
    .values({ userId, missionId, completedAt: at })
    .onConflictDoNothing()
    .returning({ userId: missionCompletions.userId });
  return rows.length === 1;
}

/** The player's row after a reward, so the `user.updated` event carries the balance just paid. */
export async function findPlayer(tx: Executor, id: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** A player's completed missions, for their data export (ADR 057). */
export function missionsOf(db: Executor, userId: number) {
  return db
    .select({ missionId: missionCompletions.missionId, completedAt: missionCompletions.completedAt })
    .from(missionCompletions)
    .where(eq(missionCompletions.userId, userId))
    .orderBy(asc(missionCompletions.completedAt));
}
