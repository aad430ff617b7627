import { bigint, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Tap batches already counted, keyed by the client's batchTimestamp: a retried or replayed batch
 * is recognised and counted once. Rows are pruned after 10 minutes, far past the client's 30 s queue window.
 * Rows arrive in created_at order, so a BRIN index (a few pages, next to no cost per insert) lets the
 * prune find the old ones without reading the whole table.
 */
export const tapBatches = pgTable(
  'tap_batches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    batchTimestamp: bigint('batch_timestamp', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.batchTimestamp] }),
    index('tap_batches_created_at_brin').using('brin', t.createdAt),
  ],
);
