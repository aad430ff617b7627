import type { FastifyInstance } from 'fastify';
import {
  AccountExport,
  accountPaths,
  DeleteAccountBody,
  DeleteAccountResponse,
  ExportQuery,
} from '../../../core/api/account';
import { infra } from '../../../core/infra';
import { texts } from '../../../core/texts';
import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
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

  // The file is streamed a page at a time, so Fastify writes it as is (a stream skips the serializer):
  // the 200 schema documents it, and the route stays off the type provider, whose reply type is the
  // schema's object rather than a stream.
  app.get(
    accountPaths.export,
    { schema: { querystring: ExportQuery, response: { 200: AccountExport, ...errorResponses } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      await exports.take(request);
      const { fileName, body } = await account.exportData(user.id);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      accountPaths.delete,
      { schema: { body: DeleteAccountBody, response: { 200: DeleteAccountResponse, ...errorResponses } } },
      async (request, reply) => {
        const { sessionId, user } = requireAuth(request);
        const caller = { userId: user.id, sessionId, ip: request.ip };
        const answer = await account.deleteAccount(caller, request.body);
        clearSessionCookie(request, reply);
        return answer;
      },
    );
}
