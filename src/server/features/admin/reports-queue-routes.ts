import type { FastifyInstance } from 'fastify';
import { consolePrefix } from '../../../core/api/admin';
import { reportQueuePaths, ReportQueueQuery, ResolveReportsBody } from '../../../core/api/report-queue';
import { reportQueueTexts } from '../../../core/texts/console-reports';
import { HttpError, parseInput } from '../../http/errors';
import { operatorOf } from './guard';
import type { ReportQueue } from './reports-queue';

const local = (path: string) => path.slice(consolePrefix.length);

/** The REPORTS tab's routes (ADR 062), registered inside the console scope, so behind its guard. */
export function reportQueueRoutes(scope: FastifyInstance, queue: ReportQueue): void {
  scope.get(local(reportQueuePaths.queue), async (request) => {
    const { page } = parseInput(ReportQueueQuery, request.query);
    return queue.page(page ?? 1);
  });

  scope.post(local(reportQueuePaths.resolve), async (request) => {
    const actor = operatorOf(request);
    const body = parseInput(ResolveReportsBody, request.body);
    const outcome = await queue.resolve(actor, body);
    if (outcome.kind === 'already-resolved') throw new HttpError(409, reportQueueTexts.alreadyResolved);
    if (outcome.kind === 'refused') throw new HttpError(403, outcome.message);
    return { resolved: outcome.resolved };
  });
}
