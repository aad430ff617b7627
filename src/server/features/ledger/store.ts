import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { telnetLedger } from '../../db/schema';

export interface LedgerEntry {
  userId: number;
  delta: number;
  reason: string;
  reference: string;
}

/** Appends ledger rows; call it inside the transaction that changes the balances. */
export async function appendLedger(tx: Executor, entries: LedgerEntry[]): Promise<void> {
  if (entries.length > 0) await tx.insert(telnetLedger).values(entries);
}

export async function sumLedger(tx: Executor, userId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${telnetLedger.delta}), 0)` })
    .from(telnetLedger)
    .where(eq(telnetLedger.userId, userId));
  return Number(row?.total ?? 0);
}
