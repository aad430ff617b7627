import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { activitySeen } from '../../db/schema';

/** The player's marker: the last ledger row their log showed them (0 before the first look). */
export async function seenId(tx: Executor, userId: number): Promise<number> {
  const [row] = await tx
    .select({ seen: activitySeen.seenLedgerId })
    .from(activitySeen)
    .where(eq(activitySeen.userId, userId))
    .limit(1);
  return row?.seen ?? 0;
}

/** Moves the marker forward to `ledgerId`, never back (two tabs marking at once keep the larger). */
export async function markSeen(tx: Executor, userId: number, ledgerId: number): Promise<void> {
  await tx
    .insert(activitySeen)
    .values({ userId, seenLedgerId: ledgerId })
    .onConflictDoUpdate({
      target: activitySeen.userId,
      set: { seenLedgerId: sql`greatest(${activitySeen.seenLedgerId}, excluded.seen_ledger_id)` },
    });
}
