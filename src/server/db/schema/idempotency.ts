import { index, integer, json, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per player action that spent or moved value, written in the same transaction as the
 * effect: the primary key makes a second request with the same key wait for the first and then
 * read its answer. status_code and response are filled before that transaction commits, so a
 * committed row always holds them (they are null only inside the first, still-open transaction).
 * Rows older than infra.idempotencyKeyRetentionMs are pruned (see src/server/idempotency).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Which kind of action the key was spent on, e.g. 'market.buy'. */
    scope: text('scope').notNull(),
    /** sha256 of the scope and the canonical request: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    /** json, not jsonb: the text is kept as written, so a replay is byte-for-byte the first answer. */
    response: json('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);
