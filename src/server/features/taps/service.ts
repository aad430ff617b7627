import type { ProgressBody, TapBatchBody } from '../../../core/api/game';
import type { User } from '../../../core/api/common';
import { shouldTakeServerState } from '../../../core/rules/reconcile';
import { balance } from '../../../core/balance';
import { createGroupCommitter } from '../../db/group-commit';
import { equippedGear } from '../../inventory';
import { toUserView } from '../../player/user-view';
import { commitGroup } from './commit-group';
import * as store from './store';
import type { TapContext, TapOutcome, TapRequest, TapServiceDeps } from './tap-context';

export type { TapOutcome, TapServiceDeps };
export { machineLikeFlagReference } from './commit-group';

const batchKeyRetentionMs = 10 * 60_000;

/** Decodes (spec §7): batches committed in groups (commit-group.ts, ADR 080), progress checked against the server's truth. */
export function createTapService(deps: TapServiceDeps) {
  const { db } = deps.database;
  const ctx: TapContext = {
    deps,
    tapRate: deps.tapRate ?? { refillPerSecond: balance.tapRefillPerSecond, capacity: balance.tapBurstCapacity },
  };
  const committer = createGroupCommitter((requests: TapRequest[]) => commitGroup(ctx, requests), {
    maxGroupSize: 256,
    maxConcurrentGroups: deps.maxConcurrentGroups,
    ...(deps.onGroup ? { onGroup: deps.onGroup } : {}),
  });

  return {
    /** spec §7 tap-batch: counted once, rate-checked, applied in one transaction with its ledger rows. */
    submitBatch(userId: number, body: TapBatchBody): Promise<TapOutcome> {
      return committer.submit({ userId, body });
    },

    /**
     * spec §7 progress: the client reports its totals; nothing it says is written. The answer is
     * the server's truth, and `accepted` tells whether the report agreed with it (spec §4 rule).
     */
    async checkProgress(userId: number, reported: ProgressBody): Promise<{ user: User; accepted: boolean } | null> {
      const row = await store.findPlayer(db, userId);
      if (!row) return null;
      const user = toUserView(row, (await equippedGear(db, [userId])).get(userId)!);
      return { user, accepted: !shouldTakeServerState(reported, user) && reported.maxExp === user.maxExp };
    },

    drain: () => committer.drain(),

    /**
     * Forgets up to `limit` batch keys past the retention: a housekeeping task of the jobs runner
     * (ADR 048), in statements of its own, never inside a group holding its players' locks.
     */
    pruneCountedBatches: (at: Date, limit: number) =>
      store.pruneBatchKeys(db, new Date(at.getTime() - batchKeyRetentionMs), limit),
  };
}

export type TapService = ReturnType<typeof createTapService>;
