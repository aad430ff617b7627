import { z } from 'zod';
import { reportActions, reportTargetKinds } from '../safety';
import { ActionReason, consolePrefix } from './admin';
import { queryInt, RowId } from './common';
import { ReportQueueItem } from './safety';

/** The console's reports queue (ADR 062): both routes live under the console guard. */
export const reportQueuePaths = {
  /** GET ?page= — open reports grouped per target, the most reported first, then the newest. */
  queue: `${consolePrefix}/reports`,
  /** POST — resolves every open report of one target at once, with the action taken and a reason. */
  resolve: `${consolePrefix}/reports/resolve`,
} as const;

/** Pages are numbered from 1; a page past the end is simply empty. */
export const ReportQueueQuery = z.strictObject({ page: queryInt(z.int().min(1).max(10_000)).optional() });
export type ReportQueueQuery = z.infer<typeof ReportQueueQuery>;

export const ReportQueuePage = z
  .object({ items: z.array(ReportQueueItem), page: z.int(), hasMore: z.boolean() })
  .meta({ description: 'Open reports grouped per target, the most reported first, then the newest.' });
export type ReportQueuePage = z.infer<typeof ReportQueuePage>;

const rowIdRef = /^[0-9]{1,10}$/;
const regionRef = /^[0-9]{1,4},[0-9]{1,4},[0-9]{1,4},[0-9]{1,4}$/;

/** A target's reference has the shape its kind stores: a row id, or a region `x0,y0,x1,y1`. */
function refFits(kind: (typeof reportTargetKinds)[number], ref: string): boolean {
  if (kind === 'region') return regionRef.test(ref);
  return rowIdRef.test(ref) && RowId.safeParse(Number(ref)).success;
}

/** POST /api/admin/reports/resolve: the target as the queue names it, what was done about it, and why. */
export const ResolveReportsBody = z
  .strictObject({
    targetKind: z.enum(reportTargetKinds),
    targetRef: z.string().max(32),
    action: z.enum(reportActions),
    reason: ActionReason,
  })
  .refine((b) => refFits(b.targetKind, b.targetRef), {
    message: 'targetRef does not fit targetKind',
    path: ['targetRef'],
  });
export type ResolveReportsBody = z.infer<typeof ResolveReportsBody>;

/** How many open reports the resolve closed. */
export const ReportsResolved = z
  .object({ resolved: z.int().min(1) })
  .meta({ description: 'How many open reports of the target were closed.' });
export type ReportsResolved = z.infer<typeof ReportsResolved>;
