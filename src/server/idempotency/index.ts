// Exactly-once writes for every call that spends or moves value (docs/decisions/012-idempotency-keys.md).
export { runIdempotent, runIdempotentInTransaction } from './run-idempotent';
export type { IdempotentCall, IdempotentOutcome, Outcome } from './run-idempotent';
export { pruneIdempotencyKeys } from './prune';
export { canonicalJson, hashRequest } from './request-hash';
