import { z } from 'zod';

/** The request header that carries one key per player action on every call that spends or moves value. */
export const idempotencyKeyHeader = 'Idempotency-Key';

/** 8-64 URL-safe characters: a crypto.randomUUID() fits, and nothing that needs escaping in a log line. */
export const IdempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
export type IdempotencyKey = z.infer<typeof IdempotencyKey>;

/**
 * Every call whose handler requires the header (the OpenAPI document marks them; a test checks this list
 * against the handlers). `confirming`: only when the body confirms the spend (`confirm: true`).
 */
export const idempotencyKeyRoutes: Readonly<Record<string, 'always' | 'confirming'>> = {
  'POST /api/gear/destroy': 'always',
  'POST /api/inventory/destroy': 'always',
  'POST /api/telnet-cores/:id/use': 'always',
  'POST /api/telnet-cores/destroy': 'always',
  'POST /api/marketplace/create': 'always',
  'POST /api/marketplace/buy': 'always',
  'POST /api/marketplace/remove': 'always',
  'POST /api/optimizer/start': 'always',
  'POST /api/optimizer/upgrade': 'always',
  'POST /api/game/telnet-conversion': 'always',
  'POST /api/blockchain/submit-code': 'always',
  'POST /api/filesystem/hack-token': 'always',
  'POST /api/filesystem/buy-directory': 'confirming',
  'POST /api/grid/purchase': 'always',
  'POST /api/create-payment-intent': 'always',
};
