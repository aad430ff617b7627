import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { users } from '../../db/schema';

/** The profile section of the data export (ADR 057); every other section is read by the feature that owns its table. */

export async function profileOf(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      loginId: users.loginId,
      level: users.level,
      currentExp: users.currentExp,
      totalTaps: users.totalTaps,
      telnet: users.telnet,
      attack: users.attack,
      criticalRate: users.criticalRate,
      bonusCriticalHit: users.bonusCriticalHit,
      connectionRate: users.connectionRate,
      itemDropRate: users.itemDropRate,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
