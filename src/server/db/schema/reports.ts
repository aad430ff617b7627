import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { reportActions, reportReasons, reportStatuses, reportTargetKinds } from '../../../core/safety';
import { users } from './users';

/**
 * A player's report of a chat line, private message, username or Kernel region (ADR 056). The
 * snapshot keeps the content as it was when reported, so a later edit or removal does not change
 * what a moderator reads. One row per reporter and target; a moderator resolves a target's open rows together.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null only after the reported account is gone: the report and its snapshot stay for the record. */
    reportedUserId: integer('reported_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetKind: text('target_kind', { enum: reportTargetKinds }).notNull(),
    /** The target within its kind: a chat or private message id, a user id, or a region 'x0,y0,x1,y1'. */
    targetRef: text('target_ref').notNull(),
    reason: text('reason', { enum: reportReasons }).notNull(),
    note: text('note').notNull().default(''),
    snapshot: jsonb('snapshot').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: reportStatuses }).notNull().default('open'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    action: text('action', { enum: reportActions }),
  },
  (t) => [
    unique('reports_once_per_target').on(t.reporterId, t.targetKind, t.targetRef),
    // A resolved report says when and what was done; an open one says neither.
    check('reports_resolution', sql`(${t.status} = 'open') = (${t.resolvedAt} IS NULL AND ${t.action} IS NULL)`),
    // The moderators' queue groups the open reports per target.
    index('reports_open_target')
      .on(t.targetKind, t.targetRef)
      .where(sql`${t.status} = 'open'`),
    index('reports_created').on(t.createdAt),
  ],
);
