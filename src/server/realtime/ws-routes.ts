import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { texts } from '../../core/texts';
import { HttpError } from '../http/errors';
import { byAddress, type Limits } from '../http/limits';
import { requireAuth } from '../http/session';
import type { Hub } from './hub';
import { isAllowedSocketOrigin } from './origin';

/**
 * GET /ws upgrades to the event socket (spec §7). The session hook has already read the cookie;
 * before the upgrade, a foreign Origin is refused with 403, a signed-out request with 401, an
 * address past its upgrade rate or open-socket cap, or a session past its socket cap, with 429 —
 * counted over every worker and instance (ADR 045).
 */
export function wsRoutes(app: FastifyInstance, hub: Hub, limits: Limits): void {
  const upgrades = limits.declare({
    name: 'socket-upgrades',
    limit: hub.upgradeLimit.perAddress,
    windowMs: hub.upgradeLimit.windowMs,
    keyOf: byAddress,
    refusal: texts.tooManySocketUpgrades,
  });
  app.get(
    '/ws',
    {
      websocket: true,
      preValidation: async (request) => {
        if (!isAllowedSocketOrigin(request.headers, request.host)) throw new HttpError(403, texts.socketOriginRefused);
        const auth = requireAuth(request);
        await upgrades.take(request);
        const refused = await hub.refusal(auth.sessionId, request.ip);
        if (refused)
          throw new HttpError(429, refused === 'session' ? texts.tooManySockets : texts.tooManySocketUpgrades);
      },
    },
    (socket, request) => hub.attach(socket, requireAuth(request), request.ip),
  );
}

/**
 * Socket errors (an oversize frame, a client that vanished mid-frame) are the client's doing: a
 * warning without a stack, and the socket is cut; never an error-level log.
 */
export function socketErrorHandler(error: Error & { code?: string }, socket: WebSocket, request: FastifyRequest): void {
  request.log.warn({ code: error.code, reason: error.message }, 'socket closed after a client error');
  socket.terminate();
}
