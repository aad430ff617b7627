import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { ReportSnapshot } from '../../../core/api/safety';
import type { ReportAction, ReportReason, ReportTargetKind } from '../../../core/safety';
import type { Executor, Tx } from '../../db/connect';
import { rowsOf } from '../../db/rows';
import { reports, users } from '../../db/schema';

export interface NewReport {
  reporterId: number;
  reportedUserId: number | null;
  targetKind: ReportTargetKind;
  targetRef: string;
  reason: ReportReason;
  note: string;
  snapshot: ReportSnapshot;
  createdAt: Date;
}

/** One report per reporter and target: a repeat inserts nothing and answers false. */
export async function insertOnce(tx: Executor, row: NewReport): Promise<boolean> {
  const inserted = await tx.insert(reports).values(row).onConflictDoNothing().returning({ id: reports.id });
  return inserted.length > 0;
}

export async function findUser(tx: Executor, id: number) {
  const [row] = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

type QueueRow = {
  target_kind: string;
  target_ref: string;
  reported_user_id: number | null;
  reported_username: string | null;
  count: number;
  first_at: string | Date;
  last_at: string | Date;
  snapshot: ReportSnapshot | string;
};

/**
 * The open reports grouped per target: the most reported first, then the most recently reported
 * (ADR 056). The snapshot is the first report's: the content as it stood when it was first reported.
 */
export async function openTargets(tx: Executor, limit: number, offset: number): Promise<QueueRow[]> {
  const result = await tx.execute(sql`
    SELECT g.target_kind, g.target_ref, g.count::int AS count, g.first_at, g.last_at,
           f.reported_user_id, u.username AS reported_username, f.snapshot
    FROM (
      SELECT target_kind, target_ref, count(*) AS count, min(created_at) AS first_at, max(created_at) AS last_at, min(id) AS first_id
      FROM ${reports} WHERE status = 'open'
      GROUP BY target_kind, target_ref
      ORDER BY count(*) DESC, max(created_at) DESC, min(id) DESC
      LIMIT ${limit} OFFSET ${offset}
    ) g
    JOIN ${reports} f ON f.id = g.first_id
    LEFT JOIN ${users} u ON u.id = f.reported_user_id
    ORDER BY g.count DESC, g.last_at DESC, g.first_id DESC`);
  return rowsOf<QueueRow>(result);
}

type ReporterRow = {
  target_kind: string;
  target_ref: string;
  user_id: number;
  username: string;
  reason: ReportReason;
  note: string;
  created_at: string | Date;
};

/** The newest reporters of some open targets, at most `perTarget` each. */
export async function openReporters(
  tx: Executor,
  targets: { kind: string; ref: string }[],
  perTarget: number,
): Promise<ReporterRow[]> {
  if (targets.length === 0) return [];
  const kinds = sql`${`{${targets.map((t) => JSON.stringify(t.kind)).join(',')}}`}::text[]`;
  const refs = sql`${`{${targets.map((t) => JSON.stringify(t.ref)).join(',')}}`}::text[]`;
  const result = await tx.execute(sql`
    SELECT r.target_kind, r.target_ref, r.reporter_id AS user_id, u.username, r.reason, r.note, r.created_at
    FROM (
      SELECT *, row_number() OVER (PARTITION BY target_kind, target_ref ORDER BY created_at DESC, id DESC) AS n
      FROM ${reports}
      WHERE status = 'open' AND (target_kind, target_ref) IN (SELECT * FROM unnest(${kinds}, ${refs}))
    ) r
    JOIN ${users} u ON u.id = r.reporter_id
    WHERE r.n <= ${perTarget}
    ORDER BY r.created_at DESC, r.id DESC`);
  return rowsOf<ReporterRow>(result);
}

/** Resolves every open report of one target in the caller's transaction; answers how many. */
export async function resolveOpen(
  tx: Tx,
  target: { kind: ReportTargetKind; ref: string },
  resolution: { moderatorId: number; action: ReportAction; at: Date },
): Promise<number> {
  const done = await tx
    .update(reports)
    .set({
      status: 'resolved',
      resolvedBy: resolution.moderatorId,
      resolvedAt: resolution.at,
      action: resolution.action,
    })
    .where(and(eq(reports.targetKind, target.kind), eq(reports.targetRef, target.ref), eq(reports.status, 'open')))
    .returning({ id: reports.id });
  return done.length;
}

/** How many reports of one target are open, and whom the first of them names (null once that account is gone). */
export async function openTargetSummary(
  tx: Executor,
  target: { kind: ReportTargetKind; ref: string },
): Promise<{ count: number; reportedUserId: number | null }> {
  const open = and(eq(reports.targetKind, target.kind), eq(reports.targetRef, target.ref), eq(reports.status, 'open'));
  const [row] = await tx
    .select({ reportedUserId: reports.reportedUserId, count: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(reports)
    .where(open)
    .orderBy(reports.id)
    .limit(1);
  return row ?? { count: 0, reportedUserId: null };
}

/**
 * One page of the reports a player made, for their data export (ADR 057): what they reported and why,
 * never what a moderator did about it (the reporter is only ever thanked, ADR 056).
 */
export function reportsMadePage(db: Executor, reporterId: number, after: number, limit: number) {
  return db
    .select({
      id: reports.id,
      targetKind: reports.targetKind,
      targetRef: reports.targetRef,
      reason: reports.reason,
      note: reports.note,
      snapshot: reports.snapshot,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), gt(reports.id, after)))
    .orderBy(asc(reports.id))
    .limit(limit);
}
