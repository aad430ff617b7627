import type { FastifyInstance, FastifyRequest } from 'fastify';
import { consolePrefix } from '../../../core/api/admin';
import { isOperator } from '../../../core/rules/moderation';
import type { Database } from '../../db/connect';
import { HttpError, notFoundBody } from '../../http/errors';
import type { Actor } from './audit';
import * as store from './store';

export type Operator = Extract<Actor, { kind: 'operator' }>;

declare module 'fastify' {
  interface FastifyRequest {
    operator: Operator | null;
  }
}

/**
 * Registers the console's routes in a scope of their own under /api/admin, behind one guard that runs
 * before anything else of theirs (before CSRF and input parsing): a visitor or a player gets exactly the
 * 404 an unknown path gets, so the console's routes cannot even be told apart from missing ones (ADR 058).
 * The role is read from the database on every request, so a demotion holds at once on every instance.
 */
export function registerConsoleScope(
  app: FastifyInstance,
  database: Database,
  routes: (scope: FastifyInstance) => void,
): void {
  app.decorateRequest('operator', null);
  void app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request) => {
        const userId = request.auth?.user.id;
        const row = userId === undefined ? undefined : await store.findOperator(database.db, userId);
        if (!row || !isOperator(row.role)) throw new HttpError(404, notFoundBody(request.method, request.url).message);
        request.operator = { kind: 'operator', userId: row.id, username: row.username, role: row.role };
      });
      routes(scope);
    },
    { prefix: consolePrefix },
  );
}

/** The operator the guard let through (every console route runs behind it). */
export function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new HttpError(404, notFoundBody(request.method, request.url).message);
  return request.operator;
}
