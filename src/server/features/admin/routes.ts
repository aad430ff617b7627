import type { FastifyInstance } from 'fastify';
import { AuditQuery, consolePaths, consolePrefix, PlayerIdParams, SetRoleBody } from '../../../core/api/admin';
import { consoleTexts } from '../../../core/texts/console';
import type { Database } from '../../db/connect';
import { HttpError, parseInput } from '../../http/errors';
import { operatorOf, registerConsoleScope } from './guard';
import { playersRoutes } from './players-routes';
import type { PlayersService } from './players-service';
import type { ReportQueue } from './reports-queue';
import { reportQueueRoutes } from './reports-queue-routes';
import type { AdminService } from './service';

const local = (path: string) => path.slice(consolePrefix.length);

/** The services behind the console's routes. */
export interface ConsoleServices {
  admin: AdminService;
  players: PlayersService;
  reportQueue: ReportQueue;
}

/** The moderator console's routes, all behind the console guard (404 to anyone but a moderator or admin). */
export function adminRoutes(app: FastifyInstance, database: Database, { admin, players, reportQueue }: ConsoleServices): void {
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
  });
}
