import { balance } from '../../core/balance';
import type { Database } from '../db/connect';
import { deleteKeysCreatedBefore } from './store';

/**
 * Forgets keys older than the retention (24 h): a client retries within seconds, so a key that old
 * is never sent again. The jobs runner calls this periodically; operators may call it by hand.
 */
export function pruneIdempotencyKeys(
  database: Database,
  options: { now: number; retentionMs?: number },
): Promise<number> {
  const cutoff = new Date(options.now - (options.retentionMs ?? balance.idempotencyKeyRetentionMs));
  return deleteKeysCreatedBefore(database.db, cutoff);
}
