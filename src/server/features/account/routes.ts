import type { FastifyInstance } from 'fastify';
import { accountPaths, DeleteAccountBody, ExportQuery } from '../../../core/api/account';
import { infra } from '../../../core/infra';
import { texts } from '../../../core/texts';
import { parseInput } from '../../http/errors';
import { byPlayer, type Limits } from '../../http/limits';
import { clearSessionCookie, requireAuth } from '../../http/session';
import type { AccountService } from './service';

export function accountRoutes(app: FastifyInstance, account: AccountService, limits: Limits): void {
  // Each export reads every row the player owns: a few an hour is plenty for a person, and bounds a loop.
  const exports = limits.declare({
    name: 'account-export',
    limit: infra.accountExportsPerWindow,
    windowMs: infra.accountExportWindowMs,
    keyOf: byPlayer,
    refusal: texts.settings.exportTooOften,
  });

  app.get(accountPaths.export, async (request, reply) => {
    const { user } = requireAuth(request);
    parseInput(ExportQuery, request.query ?? {});
    await exports.take(request);
    const { fileName, body } = await account.exportData(user.id);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });

  app.post(accountPaths.delete, async (request, reply) => {
    const { sessionId, user } = requireAuth(request);
    const body = parseInput(DeleteAccountBody, request.body);
    const answer = await account.deleteAccount({ userId: user.id, sessionId, ip: request.ip }, body);
    clearSessionCookie(request, reply);
    return answer;
  });
}
