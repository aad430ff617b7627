import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** spec §3 private message (Ping). readAt is null until the receiver has seen it. */
export const privateMessages = pgTable(
  'private_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Sent while the receiver ignored the sender (ADR 056): the sender sees it, the receiver never does. */
    withheld: boolean('withheld').notNull().default(false),
  },
  (t) => [
    // A conversation is both directions of one pair: each direction walks this index by id.
    index('private_messages_pair').on(t.senderId, t.receiverId, t.id),
    // The send limit counts the sender's recent messages.
    index('private_messages_sender_recent').on(t.senderId, t.createdAt),
    // A player's received messages, for their data export and for erasing them with the account (ADR 057).
    index('private_messages_receiver').on(t.receiverId, t.id),
    // Unread lists only ever look at unread rows, which stay few.
    index('private_messages_unread')
      .on(t.receiverId, t.senderId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/**
 * A line the system writes into a player's Ping (a hack of their Token). Not a private
 * message: no sender, so it is never in a conversation, cannot be answered, and never counts toward
 * anyone's send limit or the send_private_message mission. Plain text, shown as text.
 */
export const pingSystemLines = pgTable(
  'ping_system_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Ping reads a player's latest lines, newest first.
  (t) => [index('ping_system_lines_user').on(t.userId, t.id)],
);
