import { eq } from 'drizzle-orm';
import type { CoreDrop } from '../../../core/rules/drops';
import type { Executor } from '../../db/connect';
import { telnetCores } from '../../db/schema';

export async function insertCores(tx: Executor, userId: number, drops: CoreDrop[]) {
  if (drops.length === 0) return [];
  return tx
    .insert(telnetCores)
    .values(drops.map((d) => ({ userId, coreTypeId: d.coreTypeId })))
    .returning({ id: telnetCores.id, coreTypeId: telnetCores.coreTypeId });
}

export async function listCores(tx: Executor, userId: number) {
  return tx.select().from(telnetCores).where(eq(telnetCores.userId, userId)).orderBy(telnetCores.id);
}
