import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
