import type { Executor } from '../../db/connect';
import * as intrusionStore from './intrusion-store';

/** Who broke in, by intrusion id (`intrusion:<id>` ledger references), for the victim's activity log. */
export async function intruderNames(
  executor: Executor,
  intrusionIds: readonly number[],
): Promise<ReadonlyMap<number, string>> {
  if (intrusionIds.length === 0) return new Map();
  return new Map((await intrusionStore.intruderNames(executor, intrusionIds)).map((r) => [r.id, r.username]));
}
