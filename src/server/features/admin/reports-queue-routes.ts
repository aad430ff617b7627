import type { FastifyInstance } from 'fastify';
import { consolePrefix } from '../../../core/api/admin';
import {
  reportQueuePaths,
  ReportQueuePage,
  ReportQueueQuery,
  ReportsResolved,
  ResolveReportsBody,
} from '../../../core/api/report-queue';
import { reportQueueTexts } from '../../../core/texts/console-reports';
import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
import { HttpError } from '../../http/errors';
import { operatorOf } from './guard';
import type { ReportQueue } from './reports-queue';

const local = (path: string) => path.slice(consolePrefix.length);

/** The REPORTS tab's routes (ADR 062), registered inside the console scope, so behind its guard. */
export function reportQueueRoutes(app: FastifyInstance, queue: ReportQueue): void {
  const scope = app.withTypeProvider<ZodTypeProvider>();
  scope.get(
    local(reportQueuePaths.queue),
    { schema: { querystring: ReportQueueQuery, response: { 200: ReportQueuePage, ...errorResponses } } },
    async (request) => queue.page(request.query.page ?? 1),
  );

  scope.post(
    local(reportQueuePaths.resolve),
    { schema: { body: ResolveReportsBody, response: { 200: ReportsResolved, ...errorResponses } } },
    async (request) => {
      const outcome = await queue.resolve(operatorOf(request), request.body);
      if (outcome.kind === 'already-resolved') throw new HttpError(409, reportQueueTexts.alreadyResolved);
      if (outcome.kind === 'refused') throw new HttpError(403, outcome.message);
      return { resolved: outcome.resolved };
    },
  );
}
