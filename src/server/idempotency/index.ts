// Exactly-once writes for every call that spends or moves value (docs/decisions/012-idempotency-keys.md).
export { runIdempotent, runIdempotentInTransaction } from './run-idempotent';
export type { IdempotentCall, IdempotentOutcome, IdempotentWork, Outcome } from './run-idempotent';
export { runEffects, runTransaction } from './after-commit';
export type { AfterCommit, Effect } from './after-commit';
export { pruneIdempotencyKeys } from './prune';
export { canonicalJson, hashRequest } from './request-hash';
