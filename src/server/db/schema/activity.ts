import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The last ledger row each player's activity log showed them (ADR 064); no row yet means none seen. */
export const activitySeen = pgTable('activity_seen', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seenLedgerId: bigint('seen_ledger_id', { mode: 'number' }).notNull(),
});
