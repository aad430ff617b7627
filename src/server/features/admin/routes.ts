import type { FastifyInstance } from 'fastify';
import {
  AuditPage,
  AuditQuery,
  ConsoleMe,
  consolePaths,
  consolePrefix,
  PlayerIdParams,
  RoleSet,
  SetRoleBody,
} from '../../../core/api/admin';
import {
  ChatLineRemoved,
  ClearKernelBody,
  consoleActionPaths,
  KernelCleared,
  LedgerReversed,
  MessageIdParams,
  PlayerRenamed,
  ReasonBody,
  ReverseBody,
} from '../../../core/api/admin-actions';
import { consoleTexts } from '../../../core/texts/console';
import type { Database } from '../../db/connect';
import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
import { HttpError } from '../../http/errors';
import { operatorOf, registerConsoleScope } from './guard';
import { playersRoutes } from './players-routes';
import type { PlayersService } from './players-service';
import type { ReportQueue } from './reports-queue';
import { reportQueueRoutes } from './reports-queue-routes';
import type { ActionRefusal } from './audit';
import type { AdminService } from './service';

/** A refused action answers its status and text; nothing changed and nothing was audited. */
function answer<T extends { kind: string }>(outcome: T | ActionRefusal): Omit<T, 'kind'> {
  if (isRefusal(outcome)) throw new HttpError(outcome.status, outcome.message);
  const { kind: _kind, ...body } = outcome;
  return body;
}

const isRefusal = (outcome: { kind: string }): outcome is ActionRefusal => outcome.kind === 'refused';

const local = (path: string) => path.slice(consolePrefix.length);

/** The services behind the console's routes. */
export interface ConsoleServices {
  admin: AdminService;
  players: PlayersService;
  reportQueue: ReportQueue;
}

/** The moderator console's routes, all behind the console guard (404 to anyone but a moderator or admin). */
export function adminRoutes(
  app: FastifyInstance,
  database: Database,
  { admin, players, reportQueue }: ConsoleServices,
): void {
  registerConsoleScope(app, database, (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.get(
      local(consolePaths.me),
      { schema: { response: { 200: ConsoleMe, ...errorResponses } } },
      async (request) => admin.me(operatorOf(request)),
    );

    scope.get(
      local(consolePaths.audit),
      { schema: { querystring: AuditQuery, response: { 200: AuditPage, ...errorResponses } } },
      async (request) => admin.audit(request.query),
    );

    scope.post(
      local(consolePaths.role),
      { schema: { params: PlayerIdParams, body: SetRoleBody, response: { 200: RoleSet, ...errorResponses } } },
      async (request) => {
        const { role, reason } = request.body;
        const actor = operatorOf(request);
        const outcome = await admin.setRole({ actor, targetUserId: request.params.userId, role, reason });
        if (outcome.kind === 'no-player') throw new HttpError(404, consoleTexts.noSuchPlayer);
        if (outcome.kind === 'refused') throw new HttpError(403, outcome.message);
        return { userId: outcome.userId, username: outcome.username, role: outcome.role };
      },
    );

    playersRoutes(plain, players);
    reportQueueRoutes(plain, reportQueue);
    scope.post(
      local(consoleActionPaths.rename),
      { schema: { params: PlayerIdParams, body: ReasonBody, response: { 200: PlayerRenamed, ...errorResponses } } },
      async (request) => {
        const { reason } = request.body;
        return answer(
          await admin.renamePlayer({ actor: operatorOf(request), targetUserId: request.params.userId, reason }),
        );
      },
    );

    scope.post(
      local(consoleActionPaths.removeChat),
      { schema: { params: MessageIdParams, body: ReasonBody, response: { 200: ChatLineRemoved, ...errorResponses } } },
      async (request) => {
        const { reason } = request.body;
        return answer(
          await admin.removeChatLine({ actor: operatorOf(request), messageId: request.params.messageId, reason }),
        );
      },
    );

    scope.post(
      local(consoleActionPaths.clearKernel),
      { schema: { body: ClearKernelBody, response: { 200: KernelCleared, ...errorResponses } } },
      async (request) => answer(await admin.clearKernelRegion({ actor: operatorOf(request), body: request.body })),
    );

    scope.post(
      local(consoleActionPaths.reverse),
      { schema: { body: ReverseBody, response: { 200: LedgerReversed, ...errorResponses } } },
      async (request) => {
        const { reference, reason } = request.body;
        return answer(await admin.reverseReference({ actor: operatorOf(request), reference, reason }));
      },
    );
  });
}
