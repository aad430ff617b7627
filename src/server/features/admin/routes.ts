import type { FastifyInstance } from 'fastify';
import { AuditQuery, consolePaths, consolePrefix, PlayerIdParams, SetRoleBody } from '../../../core/api/admin';
import {
  ClearKernelBody,
  consoleActionPaths,
  MessageIdParams,
  ReasonBody,
  ReverseBody,
} from '../../../core/api/admin-actions';
import { consoleTexts } from '../../../core/texts/console';
import type { Database } from '../../db/connect';
import { HttpError, parseInput } from '../../http/errors';
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
  registerConsoleScope(app, database, (scope) => {
    scope.get(local(consolePaths.me), async (request) => admin.me(operatorOf(request)));

    scope.get(local(consolePaths.audit), async (request) => admin.audit(parseInput(AuditQuery, request.query)));

    scope.post(local(consolePaths.role), async (request) => {
      const actor = operatorOf(request);
      const { userId } = parseInput(PlayerIdParams, request.params);
      const body = parseInput(SetRoleBody, request.body);
      const outcome = await admin.setRole({ actor, targetUserId: userId, role: body.role, reason: body.reason });
      if (outcome.kind === 'no-player') throw new HttpError(404, consoleTexts.noSuchPlayer);
      if (outcome.kind === 'refused') throw new HttpError(403, outcome.message);
      return { userId: outcome.userId, username: outcome.username, role: outcome.role };
    });

    playersRoutes(scope, players);
    reportQueueRoutes(scope, reportQueue);
    scope.post(local(consoleActionPaths.rename), async (request) => {
      const actor = operatorOf(request);
      const { userId } = parseInput(PlayerIdParams, request.params);
      const { reason } = parseInput(ReasonBody, request.body);
      return answer(await admin.renamePlayer({ actor, targetUserId: userId, reason }));
    });

    scope.post(local(consoleActionPaths.removeChat), async (request) => {
      const actor = operatorOf(request);
      const { messageId } = parseInput(MessageIdParams, request.params);
      const { reason } = parseInput(ReasonBody, request.body);
      return answer(await admin.removeChatLine({ actor, messageId, reason }));
    });

    scope.post(local(consoleActionPaths.clearKernel), async (request) => {
      const actor = operatorOf(request);
      return answer(await admin.clearKernelRegion({ actor, body: parseInput(ClearKernelBody, request.body) }));
    });

    scope.post(local(consoleActionPaths.reverse), async (request) => {
      const actor = operatorOf(request);
      const { reference, reason } = parseInput(ReverseBody, request.body);
      return answer(await admin.reverseReference({ actor, reference, reason }));
    });
  });
}
