import type { FastifyInstance } from 'fastify';
import { ReportBody, safetyPaths } from '../../../core/api/safety';
import { balance } from '../../../core/balance';
import { fillText, texts } from '../../../core/texts';
import { parseInput } from '../../http/errors';
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

  app.post(safetyPaths.reports, async (request) => {
    const { user } = requireAuth(request);
    const body = parseInput(ReportBody, request.body);
    // Counted once the body is valid: a malformed request is refused without spending the budget.
    await flood.take(request);
    return reports.report(user.id, body);
  });
}
