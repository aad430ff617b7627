import { z } from 'zod';

/** The request header that carries one key per player action on every call that spends or moves value. */
export const idempotencyKeyHeader = 'Idempotency-Key';

/** 8-64 URL-safe characters: a crypto.randomUUID() fits, and nothing that needs escaping in a log line. */
export const IdempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
export type IdempotencyKey = z.infer<typeof IdempotencyKey>;
