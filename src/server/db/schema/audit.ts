import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { auditActions } from '../../../core/api/admin';
import { users } from './users';

/**
 * Every operator action, from the console or a CLI script (ADR 058): who, what, on whom, why, before and
 * after. Append-only like the ledger (a trigger refuses UPDATE and DELETE), written in the same transaction
 * as the action, so no action exists without its row.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The moderator's account; null for a CLI script on the server's shell. */
    actorId: integer('actor_id').references(() => users.id),
    /** The actor as shown: the moderator's username at the time, or 'cli:<command>'. */
    actorLabel: text('actor_label').notNull(),
    action: text('action', { enum: auditActions }).notNull(),
    targetUserId: integer('target_user_id').references(() => users.id),
    reason: text('reason').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_target').on(t.targetUserId, t.id), index('audit_log_at').on(t.at)],
);

/**
 * The ledger references an operator reversed (ADR 060), one row per player the reference moved Telnet for:
 * what the compensating rows took back or gave, and what could not be taken (the player's balance was
 * short) and is owed. The primary key makes a reference reversible once.
 */
export const ledgerReversals = pgTable(
  'ledger_reversals',
  {
    reference: text('reference').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Telnet given back (positive) or taken back (negative) by the compensating row. */
    delta: bigint('delta', { mode: 'number' }).notNull(),
    /** Telnet the reversal should have taken but the balance did not hold. */
    owed: bigint('owed', { mode: 'number' }).notNull(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reference, t.userId] }),
    index('ledger_reversals_user').on(t.userId),
    check('ledger_reversals_owed', sql`${t.owed} >= 0`),
  ],
);
