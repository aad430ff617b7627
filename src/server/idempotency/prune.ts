import { infra } from '../../core/infra';
import type { Database } from '../db/connect';
import { deleteKeysCreatedBefore } from './store';

/**
 * Forgets up to `limit` keys older than the retention (24 h): a client retries within seconds, so a
 * key that old is never sent again. A housekeeping task of the jobs runner, which repeats it until a
 * batch comes back short (ADR 048); returns how many went.
 */
export function pruneIdempotencyKeys(
  database: Database,
  options: { now: number; limit: number; retentionMs?: number },
): Promise<number> {
  const cutoff = new Date(options.now - (options.retentionMs ?? infra.idempotencyKeyRetentionMs));
  return deleteKeysCreatedBefore(database.db, cutoff, options.limit);
}
