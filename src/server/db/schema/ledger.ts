import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ledgerReasons } from '../../../core/ledger-reasons';
import { users } from './users';

/**
 * Append-only (a trigger refuses UPDATE and DELETE): every Telnet change is one row, written by
 * src/server/wallet in the balance change's transaction, so the sum per player equals the balance.
 */
export const telnetLedger = pgTable(
  'telnet_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    reason: text('reason', { enum: ledgerReasons }).notNull(),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // created_at: `npm run economy` reads the last days of the ledger without scanning all of it (ADR 051).
  // reference: an operator's reversal reads every row of one reference (ADR 060).
  // activity: a player's log reads only what happened to them (ADR 064), never the many decode rows of their own taps.
  (t) => [
    index('telnet_ledger_activity')
      .on(t.userId, t.id)
      .where(
        sql`${t.reason} in ('market-sale', 'hack-lost', 'boss-reward', 'mission') or (${t.reason} = 'decode' and ${t.reference} like 'drone:%')`,
      ),
    index('telnet_ledger_user_id').on(t.userId, t.id),
    index('telnet_ledger_created_at').on(t.createdAt),
    index('telnet_ledger_reference').on(t.reference),
  ],
);
