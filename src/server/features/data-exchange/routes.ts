import type { FastifyInstance } from 'fastify';
import { BuyListingBody, CreateListingBody, ListingQuery, marketPaths, PriceQuery, RemoveListingBody } from '../../../core/api/market';
import { parseInput } from '../../http/errors';
import { requireIdempotencyKey, sendOutcome } from '../../http/idempotency-key';
import { requireAuth } from '../../http/session';
import type { MarketService } from './service';

/** spec §7 Marketplace endpoints (src/core/api/market.ts); every POST moves value, so each needs an Idempotency-Key. */
export function marketRoutes(app: FastifyInstance, market: MarketService): void {
  app.get(marketPaths.listings, async (request) => {
    requireAuth(request);
    return market.listings(parseInput(ListingQuery, request.query));
  });

  app.get(marketPaths.prices, async (request) => {
    requireAuth(request);
    return market.prices(parseInput(PriceQuery, request.query));
  });

  app.get(marketPaths.myListings, async (request) => market.myListings(requireAuth(request).user.id));

  app.post(marketPaths.create, async (request, reply) => {
    const { user } = requireAuth(request);
    const key = requireIdempotencyKey(request);
    return sendOutcome(reply, await market.create(user.id, key, parseInput(CreateListingBody, request.body)));
  });

  app.post(marketPaths.buy, async (request, reply) => {
    const { user } = requireAuth(request);
    const key = requireIdempotencyKey(request);
    return sendOutcome(reply, await market.buy(user.id, key, parseInput(BuyListingBody, request.body)));
  });

  app.post(marketPaths.remove, async (request, reply) => {
    const { user } = requireAuth(request);
    const key = requireIdempotencyKey(request);
    return sendOutcome(reply, await market.remove(user.id, key, parseInput(RemoveListingBody, request.body)));
  });
}
