import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Who has a socket open on which server instance. Each instance refreshes its rows' seenAt on a
 * heartbeat and deletes a row when the player's last socket there closes; a row not refreshed
 * within the presence TTL belongs to a crashed instance and no longer counts.
 */
export const presence = pgTable(
  'presence',
  {
    instanceId: text('instance_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.userId] }), index('presence_user_id').on(t.userId, t.seenAt)],
);
