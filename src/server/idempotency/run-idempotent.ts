import { texts } from '../../core/texts';
import type { Database, Tx } from '../db/connect';
import { HttpError } from '../http/errors';
import { runTransaction, type AfterCommit, type Effect } from './after-commit';
import { hashRequest } from './request-hash';
import { claimKey, readKey, saveOutcome } from './store';

/** One player action that spends or moves value, identified by the key the client made for it. */
export interface IdempotentCall {
  userId: number;
  /** The Idempotency-Key header, already checked by requireIdempotencyKey. */
  key: string;
  /** The kind of action, e.g. 'market.buy': a key spent on one scope is refused on another. */
  scope: string;
  /** Everything that identifies the action (parsed body, path ids): the same key with another request is refused. */
  request: unknown;
  /** The app's injected clock (ms) for created_at, which retention counts from. */
  now: number;
}

/** What the work answers: the HTTP status and the JSON body the player gets, now and on every replay. */
export interface Outcome {
  statusCode: number;
  body: unknown;
}

export interface IdempotentOutcome extends Outcome {
  /** True when this answer was read back from an earlier request with the same key. */
  replayed: boolean;
}

/** Carries a returned refusal out of the savepoint so the work's writes roll back. */
class Refusal extends Error {
  constructor(readonly outcome: Outcome) {
    super('refused');
  }
}

/** A JSON round trip, so the first answer is exactly what a replay will read back. */
function asStored(outcome: Outcome): Outcome {
  return { statusCode: outcome.statusCode, body: JSON.parse(JSON.stringify(outcome.body ?? null)) as unknown };
}

/** The work of one idempotent call: its writes in `tx`, its effects through `afterCommit` (ADR 079). */
export type IdempotentWork = (tx: Tx, afterCommit: AfterCommit) => Promise<Outcome>;

/**
 * Runs the work inside a savepoint; a refusal (4xx returned, or an HttpError 4xx thrown) undoes its
 * writes and forgets its effects, so only an action that happened is announced.
 */
async function runWork(tx: Tx, work: IdempotentWork): Promise<{ outcome: Outcome; effects: Effect[] }> {
  const effects: Effect[] = [];
  try {
    const outcome = await tx.transaction(async (inner) => {
      effects.length = 0;
      const outcome = await work(inner, (effect) => effects.push(effect));
      if (outcome.statusCode >= 500) throw new Error(`idempotent work answered ${outcome.statusCode}; throw instead`);
      if (outcome.statusCode >= 400) throw new Refusal(outcome);
      return outcome;
    });
    return { outcome, effects };
  } catch (error) {
    if (error instanceof Refusal) return { outcome: error.outcome, effects: [] };
    if (error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500) {
      return {
        outcome: { statusCode: error.statusCode, body: { message: error.message, ...error.body } },
        effects: [],
      };
    }
    throw error;
  }
}

/**
 * The same as runIdempotent, inside a transaction the caller already holds. The key is claimed
 * first, so the effect, the key and its answer commit (or roll back) together. The work's effects
 * go to the caller's `afterCommit` only when the work ran and was not refused: a replay has none.
 */
export function runIdempotentInTransaction(
  tx: Tx,
  call: IdempotentCall,
  work: IdempotentWork,
  afterCommit: AfterCommit,
): Promise<IdempotentOutcome> {
  return claimAndRun(tx, call, work, afterCommit, false);
}

/** `ownsTransaction`: nothing follows in this transaction, so the answer may leave with COMMIT. */
async function claimAndRun(
  tx: Tx,
  call: IdempotentCall,
  work: IdempotentWork,
  afterCommit: AfterCommit,
  ownsTransaction: boolean,
): Promise<IdempotentOutcome> {
  const requestHash = hashRequest(call.scope, call.request);
  const createdAt = new Date(call.now);
  // Twice at most: a key pruned between our conflict and our read is simply claimed again.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await claimKey(tx, { userId: call.userId, key: call.key, scope: call.scope, requestHash, createdAt })) {
      const ran = await runWork(tx, work);
      const outcome = asStored(ran.outcome);
      await saveOutcome(
        tx,
        call.userId,
        call.key,
        { statusCode: outcome.statusCode, response: outcome.body },
        { withCommit: ownsTransaction },
      );
      ran.effects.forEach(afterCommit);
      return { ...outcome, replayed: false };
    }
    const stored = await readKey(tx, call.userId, call.key);
    if (!stored) continue;
    if (stored.requestHash !== requestHash) throw new HttpError(422, texts.idempotencyKeyReused);
    if (stored.statusCode === null) throw new Error('idempotency key committed without its outcome');
    return { statusCode: stored.statusCode, body: stored.response, replayed: true };
  }
  throw new Error('idempotency key vanished twice while being read');
}

/**
 * Runs a spending action exactly once per (player, key): the first request runs `work` and stores
 * its answer in the same transaction; a retry with the same key and request is answered from that
 * answer (`replayed: true`) and never runs `work` again; the same key with a different request is
 * refused with 422. Refusals (4xx) are stored too: the client makes a new key per action.
 * Any other error rolls back everything, the key included, so a retry runs the work afresh.
 * What the work registers with `afterCommit` runs after the commit, and only when this request
 * ran the work and was not refused: a replayed answer re-runs no effect (ADR 079).
 */
export function runIdempotent(
  database: Database,
  call: IdempotentCall,
  work: IdempotentWork,
): Promise<IdempotentOutcome> {
  return runTransaction(database, (tx, afterCommit) => claimAndRun(tx, call, work, afterCommit, true));
}
