import type { FastifyInstance } from 'fastify';
import { texts } from '../../core/texts';
import { HttpError } from '../http/errors';
import { requireAuth } from '../http/session';
import type { Hub } from './hub';
import { isAllowedSocketOrigin } from './origin';

/**
 * GET /ws upgrades to the event socket (spec §7). The session hook has already read the cookie;
 * before the upgrade, a foreign Origin is refused with 403 and a signed-out request with 401.
 */
export function wsRoutes(app: FastifyInstance, hub: Hub): void {
  app.get(
    '/ws',
    {
      websocket: true,
      preValidation: async (request) => {
        if (!isAllowedSocketOrigin(request.headers, request.host)) throw new HttpError(403, texts.socketOriginRefused);
        requireAuth(request);
      },
    },
    (socket, request) => hub.attach(socket, requireAuth(request)),
  );
}
