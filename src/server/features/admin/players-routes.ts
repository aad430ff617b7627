import type { FastifyInstance } from 'fastify';
import { consolePrefix, PlayerIdParams } from '../../../core/api/admin';
import {
  ActionDone,
  consoleActionPaths,
  LedgerPage,
  LedgerQuery,
  MuteBody,
  PlayerView,
  ReasonBody,
  SearchQuery,
  SearchResult,
} from '../../../core/api/admin-actions';
import { consoleTexts } from '../../../core/texts/console';
import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
import { HttpError } from '../../http/errors';
import type { ActionOutcome } from './act-on-player';
import { operatorOf } from './guard';
import type { PlayersService } from './players-service';

const local = (path: string) => path.slice(consolePrefix.length);

function answer(outcome: ActionOutcome) {
  if (outcome.kind === 'no-player') throw new HttpError(404, consoleTexts.noSuchPlayer);
  if (outcome.kind === 'refused') throw new HttpError(403, outcome.message);
  return { player: outcome.player };
}

/** The PLAYERS tab's routes, registered inside the console's guarded scope (ADR 058, 059). */
export function playersRoutes(app: FastifyInstance, players: PlayersService): void {
  const scope = app.withTypeProvider<ZodTypeProvider>();
  scope.get(
    local(consoleActionPaths.search),
    { schema: { querystring: SearchQuery, response: { 200: SearchResult, ...errorResponses } } },
    async (request) => players.search(request.query.q),
  );

  scope.get(
    local(consoleActionPaths.player),
    { schema: { params: PlayerIdParams, response: { 200: PlayerView, ...errorResponses } } },
    async (request) => {
      const view = await players.view(request.params.userId);
      if (!view) throw new HttpError(404, consoleTexts.noSuchPlayer);
      return view;
    },
  );

  scope.get(
    local(consoleActionPaths.ledger),
    { schema: { params: PlayerIdParams, querystring: LedgerQuery, response: { 200: LedgerPage, ...errorResponses } } },
    async (request) => {
      const page = await players.ledger(request.params.userId, request.query);
      if (!page) throw new HttpError(404, consoleTexts.noSuchPlayer);
      return page;
    },
  );

  scope.post(
    local(consoleActionPaths.mute),
    { schema: { params: PlayerIdParams, body: MuteBody, response: { 200: ActionDone, ...errorResponses } } },
    async (request) => {
      const { minutes, reason } = request.body;
      const actor = operatorOf(request);
      return answer(await players.mute({ actor, targetUserId: request.params.userId, minutes, reason }));
    },
  );

  const withReason = (path: string, act: PlayersService['unmute']) =>
    scope.post(
      local(path),
      { schema: { params: PlayerIdParams, body: ReasonBody, response: { 200: ActionDone, ...errorResponses } } },
      async (request) => {
        const { reason } = request.body;
        return answer(await act({ actor: operatorOf(request), targetUserId: request.params.userId, reason }));
      },
    );
  withReason(consoleActionPaths.unmute, players.unmute);
  withReason(consoleActionPaths.ban, players.ban);
  withReason(consoleActionPaths.unban, players.unban);
}
