import { eq, sql } from 'drizzle-orm';
import { MissionId } from '../../../core/rules/missions';
import type { Executor } from '../../db/connect';
import { missionCompletions, users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;

export async function completedMissions(tx: Executor, userId: number): Promise<MissionId[]> {
  const rows = await tx.select({ missionId: missionCompletions.missionId }).from(missionCompletions).where(eq(missionCompletions.userId, userId));
  // Ids this build does not know (a mission retired later) are ignored rather than failing the status.
  return rows.flatMap((r) => (MissionId.safeParse(r.missionId).success ? [r.missionId as MissionId] : []));
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

/** Adds Telnet to the balance in place (no read-then-write), returning the new row. */
export async function creditTelnet(tx: Executor, userId: number, amount: number): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ telnet: sql`${users.telnet} + ${amount}` })
    .where(eq(users.id, userId))
    .returning();
  return row;
}
