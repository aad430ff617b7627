import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** spec §3 chat message: the global channel. Stored and returned as plain text. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The send limit counts a player's recent lines and reads their last one: both walk this index.
  (t) => [index('chat_messages_user_recent').on(t.userId, t.createdAt)],
);

/** How far each player has read the global channel (spec §4: cleared by POST read). */
export const chatReads = pgTable('chat_reads', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastReadId: bigint('last_read_id', { mode: 'number' }).notNull(),
});
