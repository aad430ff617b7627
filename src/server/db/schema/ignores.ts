import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Whom a player ignores (ADR 056): their chat lines and Pings are hidden from the player and their
 * Pings withheld, on every device because the list lives here.
 */
export const ignores = pgTable(
  'ignores',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ignoredUserId: integer('ignored_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.ignoredUserId] }),
    check('ignores_not_self', sql`${t.userId} <> ${t.ignoredUserId}`),
    // A deleted account's rows go by cascade from either side: this side needs its own index.
    index('ignores_ignored').on(t.ignoredUserId),
  ],
);
