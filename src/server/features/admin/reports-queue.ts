import type { ReportQueuePage, ResolveReportsBody } from '../../../core/api/report-queue';
import { balance } from '../../../core/balance';
import { canActOn } from '../../../core/rules/moderation';
import { reportQueueTexts } from '../../../core/texts/console-reports';
import { consoleTexts } from '../../../core/texts/console';
import type { Database } from '../../db/connect';
import type { ReportService } from '../reports/service';
import { recordAudit } from './audit';
import type { Operator } from './guard';
import * as store from './store';

export interface ReportQueueDeps {
  database: Database;
  now: () => number;
  reports: ReportService;
}

export type ResolveOutcome =
  { kind: 'resolved'; resolved: number } | { kind: 'already-resolved' } | { kind: 'refused'; message: string };

/**
 * The console's reports queue over the reports service (ADR 062): a page of open targets, and the
 * resolve that closes all of a target's open reports with the action taken and its audit row, together.
 */
export function createReportQueue(deps: ReportQueueDeps) {
  return {
    async page(page: number): Promise<ReportQueuePage> {
      const size = balance.reportQueuePageSize;
      // One more than a page tells whether another page follows without counting the whole queue.
      const items = await deps.reports.openQueue({ limit: size + 1, offset: (page - 1) * size });
      return { items: items.slice(0, size), page, hasMore: items.length > size };
    },

    /**
     * Resolving records what was done; it is not itself an action on the player, so a moderator may
     * dismiss a report about anyone but themselves. Recording an action (muted, banned, …) on someone
     * the operator may not act on is refused: that action's own route would have refused it.
     */
    resolve(actor: Operator, body: ResolveReportsBody): Promise<ResolveOutcome> {
      const target = { kind: body.targetKind, ref: body.targetRef };
      return deps.database.db.transaction(async (tx): Promise<ResolveOutcome> => {
        const open = await deps.reports.openTarget(tx, target);
        if (open.count === 0) return { kind: 'already-resolved' };
        if (open.reportedUserId === actor.userId)
          return { kind: 'refused', message: reportQueueTexts.notAboutYourself };
        if (open.reportedUserId !== null && body.action !== 'dismissed') {
          const subject = await store.findTarget(tx, open.reportedUserId);
          if (subject && !canActOn({ id: actor.userId, role: actor.role }, subject))
            return { kind: 'refused', message: consoleTexts.cannotActOn };
        }
        // The update decides, not the count read above: of two moderators resolving at once, the
        // second updates nothing (its rows are no longer open) and writes no audit row.
        const resolved = await deps.reports.resolveTarget(tx, target, {
          moderatorId: actor.userId,
          action: body.action,
        });
        if (resolved === 0) return { kind: 'already-resolved' };
        const change = {
          action: 'report-resolve' as const,
          targetUserId: open.reportedUserId,
          reason: body.reason,
          before: { target: `${target.kind}:${target.ref}`, status: 'open', openReports: resolved },
          after: { status: 'resolved', action: body.action },
        };
        await recordAudit(tx, actor, change, new Date(deps.now()));
        return { kind: 'resolved', resolved };
      });
    },
  };
}

export type ReportQueue = ReturnType<typeof createReportQueue>;
