import type { FastifyInstance } from 'fastify';
import {
  BuyListingBody,
  BuyListingResult,
  CreateListingBody,
  CreateListingResult,
  ListingPage,
  ListingQuery,
  marketPaths,
  MyListings,
  PriceList,
  PriceQuery,
  RemoveListingBody,
  RemoveListingResult,
} from '../../../core/api/market';
import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
import { requireIdempotencyKey, sendOutcome } from '../../http/idempotency-key';
import { requireAuth } from '../../http/session';
import type { MarketService } from './service';

/** spec §7 Marketplace endpoints (src/core/api/market.ts); every POST moves value, so each needs an Idempotency-Key. */
export function marketRoutes(app: FastifyInstance, market: MarketService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    marketPaths.listings,
    { schema: { querystring: ListingQuery, response: { 200: ListingPage, ...errorResponses } } },
    async (request) => {
      requireAuth(request);
      return market.listings(request.query);
    },
  );

  api.get(
    marketPaths.prices,
    { schema: { querystring: PriceQuery, response: { 200: PriceList, ...errorResponses } } },
    async (request) => {
      requireAuth(request);
      return market.prices(request.query);
    },
  );

  api.get(marketPaths.myListings, { schema: { response: { 200: MyListings, ...errorResponses } } }, async (request) =>
    market.myListings(requireAuth(request).user.id),
  );

  api.post(
    marketPaths.create,
    { schema: { body: CreateListingBody, response: { 200: CreateListingResult, ...errorResponses } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const key = requireIdempotencyKey(request);
      return sendOutcome(reply, await market.create(user.id, key, request.body));
    },
  );

  api.post(
    marketPaths.buy,
    { schema: { body: BuyListingBody, response: { 200: BuyListingResult, ...errorResponses } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const key = requireIdempotencyKey(request);
      return sendOutcome(reply, await market.buy(user.id, key, request.body));
    },
  );

  api.post(
    marketPaths.remove,
    { schema: { body: RemoveListingBody, response: { 200: RemoveListingResult, ...errorResponses } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const key = requireIdempotencyKey(request);
      return sendOutcome(reply, await market.remove(user.id, key, request.body));
    },
  );
}
