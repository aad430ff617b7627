import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Items held on a player's behalf while something is pending (a market listing): the items point
 * here instead of at a player. An open escrow still counts against its depositor's 50 items; it is
 * closed once (released_at set) when its items go back to the depositor or on to another player.
 */
export const escrows = pgTable(
  'escrows',
  {
    id: serial('id').primaryKey(),
    depositorId: integer('depositor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What holds the items, e.g. 'market-listing' (src/server/inventory/types.ts escrowPurposes). */
    purpose: text('purpose').notNull(),
    /** The caller's id for it (a listing id), unique per purpose. */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedToId: integer('released_to_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('escrows_purpose_reference').on(t.purpose, t.reference),
    index('escrows_open_by_depositor')
      .on(t.depositorId)
      .where(sql`${t.releasedAt} IS NULL`),
  ],
);
