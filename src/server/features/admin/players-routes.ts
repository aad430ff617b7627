import type { FastifyInstance } from 'fastify';
import { consolePrefix, PlayerIdParams } from '../../../core/api/admin';
import { consoleActionPaths, LedgerQuery, MuteBody, ReasonBody, SearchQuery } from '../../../core/api/admin-actions';
import { consoleTexts } from '../../../core/texts/console';
import { HttpError, parseInput } from '../../http/errors';
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
export function playersRoutes(scope: FastifyInstance, players: PlayersService): void {
  scope.get(local(consoleActionPaths.search), async (request) =>
    players.search(parseInput(SearchQuery, request.query).q),
  );

  scope.get(local(consoleActionPaths.player), async (request) => {
    const { userId } = parseInput(PlayerIdParams, request.params);
    const view = await players.view(userId);
    if (!view) throw new HttpError(404, consoleTexts.noSuchPlayer);
    return view;
  });

  scope.get(local(consoleActionPaths.ledger), async (request) => {
    const { userId } = parseInput(PlayerIdParams, request.params);
    const page = await players.ledger(userId, parseInput(LedgerQuery, request.query));
    if (!page) throw new HttpError(404, consoleTexts.noSuchPlayer);
    return page;
  });

  scope.post(local(consoleActionPaths.mute), async (request) => {
    const { userId } = parseInput(PlayerIdParams, request.params);
    const body = parseInput(MuteBody, request.body);
    return answer(
      await players.mute({
        actor: operatorOf(request),
        targetUserId: userId,
        minutes: body.minutes,
        reason: body.reason,
      }),
    );
  });

  const withReason = (path: string, act: PlayersService['unmute']) =>
    scope.post(local(path), async (request) => {
      const { userId } = parseInput(PlayerIdParams, request.params);
      const body = parseInput(ReasonBody, request.body);
      return answer(await act({ actor: operatorOf(request), targetUserId: userId, reason: body.reason }));
    });
  withReason(consoleActionPaths.unmute, players.unmute);
  withReason(consoleActionPaths.ban, players.ban);
  withReason(consoleActionPaths.unban, players.unban);
}
