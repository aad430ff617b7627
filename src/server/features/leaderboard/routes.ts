import type { FastifyInstance } from 'fastify';
import { LeaderboardQuery, LeaderboardResponse } from '../../../core/api/leaderboard';
import { expForLevel } from '../../../core/rules/exp';
import type { Database } from '../../db/connect';
import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
import { requireAuth } from '../../http/session';
import { topPlayers } from './store';

// Reading only, so routes call the store directly; there is no rule to hold in a service.
export function leaderboardRoutes(app: FastifyInstance, database: Database): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/leaderboard',
      { schema: { querystring: LeaderboardQuery, response: { 200: LeaderboardResponse, ...errorResponses } } },
      async (request) => {
        requireAuth(request);
        const rows = await topPlayers(database.db, request.query.sortBy, request.query.limit);
        return rows.map((r) => ({ ...r, maxExp: expForLevel(r.level) }));
      },
    );
}
