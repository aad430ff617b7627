import type { FastifyInstance } from 'fastify';
import { ReportBody, ReportReceipt, safetyPaths } from '../../../core/api/safety';
import { balance } from '../../../core/balance';
import { fillText, texts } from '../../../core/texts';
import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
import { byPlayer, type Limits } from '../../http/limits';
import { requireAuth } from '../../http/session';
import type { ReportService } from './service';

/** POST /api/reports (ADR 056): rate-limited per player on the shared counters. */
export function reportRoutes(app: FastifyInstance, reports: ReportService, limits: Limits): void {
  const flood = limits.declare({
    name: 'reports',
    limit: balance.reportsPerWindow,
    windowMs: balance.reportWindowMs,
    keyOf: byPlayer,
    refusal: fillText(texts.safety.reportsTooFast, { n: balance.reportsPerWindow }),
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      safetyPaths.reports,
      { schema: { body: ReportBody, response: { 200: ReportReceipt, ...errorResponses } } },
      async (request) => {
        const { user } = requireAuth(request);
        // Counted once the body is valid (the contract refused a malformed one): it spends no budget.
        await flood.take(request);
        return reports.report(user.id, request.body);
      },
    );
}
