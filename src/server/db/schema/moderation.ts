import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { moderationReasons } from '../../../core/moderation-reasons';
import { users } from './users';

/**
 * Players flagged for a moderator's attention (ADR 046): one row per reason and cause, written by
 * src/server/moderation in the transaction of what caused it. A moderator console reads it; the game
 * itself never acts on a flag.
 */
export const moderationFlags = pgTable(
  'moderation_flags',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: moderationReasons }).notNull(),
    /** What caused it, e.g. 'virus-purchase:<id>': the same cause flags once. */
    reference: text('reference').notNull(),
    /** Figures for the moderator (what was taken back, what is owed), as the cause recorded them. */
    detail: text('detail').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('moderation_flag_cause').on(t.userId, t.reason, t.reference),
    index('moderation_flags_created').on(t.createdAt),
  ],
);
