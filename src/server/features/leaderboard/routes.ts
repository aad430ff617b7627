import type { FastifyInstance } from 'fastify';
import { LeaderboardQuery, type LeaderboardEntry } from '../../../core/api/leaderboard';
import { expForLevel } from '../../../core/rules/exp';
import type { Database } from '../../db/connect';
import { parseInput } from '../../http/errors';
import { requireAuth } from '../../http/session';
import { topPlayers } from './store';

// Reading only, so routes call the store directly; there is no rule to hold in a service.
export function leaderboardRoutes(app: FastifyInstance, database: Database): void {
  app.get('/api/leaderboard', async (request): Promise<LeaderboardEntry[]> => {
    requireAuth(request);
    const query = parseInput(LeaderboardQuery, request.query);
    const rows = await topPlayers(database.db, query.sortBy, query.limit);
    return rows.map((r) => ({ ...r, maxExp: expForLevel(r.level) }));
  });
}
