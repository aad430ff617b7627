import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Personal read-only API keys (ADR 075). The secret is stored as its SHA-256 only: a database dump
 * cannot be replayed as keys. Revoking deletes the row, so the next look-up on any instance misses.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters after its tag, shown in the list so a player can tell keys apart. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique('api_keys_secret_hash'),
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('api_keys_user_id').on(t.userId),
    check('api_keys_name_length', sql`char_length(${t.name}) between 1 and 40`),
    check('api_keys_scopes_present', sql`cardinality(${t.scopes}) >= 1`),
  ],
);
