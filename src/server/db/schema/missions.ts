import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Missions a player has completed. The primary key makes a completion happen once: the reward is
 * paid only by the request whose insert went in, however many race.
 */
export const missionCompletions = pgTable(
  'mission_completions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    missionId: text('mission_id').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.missionId] })],
);
