import type { ProgressBody, TapBatchBody, TapBatchResponse } from '../../../core/api/game';
import { shouldTakeServerState } from '../../../core/rules/reconcile';
import { takeTaps } from '../../../core/rules/tap-rate';
import { balance } from '../../../core/balance';
import type { Database } from '../../db/connect';
import { createGroupCommitter } from '../../db/group-commit';
import type { User } from '../../../core/api/common';
import { toUserView } from '../../player/user-view';
import { effectiveStats } from '../../../core/rules/gear-stats';
import { addItemsMany, equippedGear, type AddRequest } from '../../inventory';
import { creditMany, type WalletChange } from '../../wallet';
import { rememberLocked } from '../../db/lock-players';
import { flagPlayer } from '../../moderation';
import { toCoreDropView, toGearDropView } from '../../inventory/drop-views';
import { earnBatch } from './earn';
import * as store from './store';
import type { TapUserUpdate, UserRow } from './store';

export type TapOutcome =
  | { kind: 'counted'; response: TapBatchResponse }
  | { kind: 'duplicate'; user: User }
  | { kind: 'refused'; retryAfterMs: number }
  | { kind: 'gone' };

interface TapRequest {
  userId: number;
  body: TapBatchBody;
}

export interface TapServiceDeps {
  database: Database;
  now: () => number;
  random: () => number;
  /** Concurrent group transactions: 1 on PGlite (one connection), a few on PostgreSQL. */
  maxConcurrentGroups: number;
  /** The tap-rate ceiling; balance's by default, raised only by load and race tests. */
  tapRate?: { refillPerSecond: number; capacity: number };
  /** Told after a group commits, with the new stats of every player whose decodes counted. */
  onCommitted?: (users: User[]) => void;
  /** Told each group's size as it starts (the operator's group-commit metric). */
  onGroup?: (size: number) => void;
}

const batchKeyRetentionMs = 10 * 60_000;

/** The machine-like flag's fixed cause: at most one such flag per player stays open (ADR 052). */
export const machineLikeFlagReference = 'decode-timing';

function pickProgress(u: UserRow): Omit<TapUserUpdate, 'id'> {
  return {
    level: u.level,
    currentExp: u.currentExp,
    totalTaps: u.totalTaps,
    telnetCents: u.telnetCents,
    tapTokens: u.tapTokens,
    tapTokensAt: u.tapTokensAt,
    decodeDay: u.decodeDay,
    decodesToday: u.decodesToday,
    decodeTiming: u.decodeTiming,
  };
}

export function createTapService(deps: TapServiceDeps) {
  const { db } = deps.database;
  const tapRate = deps.tapRate ?? { refillPerSecond: balance.tapRefillPerSecond, capacity: balance.tapBurstCapacity };

  /**
   * One transaction for a whole group: lock players, count batches once, apply experience, store
   * drops through the inventory and pay Telnet through the wallet (which writes the ledger rows).
   */
  async function commitGroup(requests: TapRequest[]): Promise<TapOutcome[]> {
    const now = deps.now();
    const outcomes = await db.transaction(async (tx) => {
      const userIds = [...new Set(requests.map((r) => r.userId))].sort((a, b) => a - b);
      const rows = await store.lockUsers(tx, userIds);
      rememberLocked(tx, rows.keys());
      // Two reads in one round trip (pipelined on the connection): the group's equipped gear, for
      // the views and the drop rate, and the batch keys already counted. Keys are read under the
      // row locks and written only for batches counted, so a retry of a batch refused with 423 is
      // judged again rather than taken for a duplicate.
      const [equipped, counted] = await Promise.all([
        equippedGear(tx, userIds),
        store.findCountedBatches(
          tx,
          dedupe(requests.map((r) => ({ userId: r.userId, batchTimestamp: r.body.batchTimestamp }))),
        ),
      ]);
      const view = (user: UserRow) => toUserView(user, equipped.get(user.id) ?? []);
      const countedNow: Array<{ userId: number; batchTimestamp: number }> = [];
      const state = new Map<number, UserRow>([...rows].map(([id, row]) => [id, { ...row }]));
      const outcomes: Array<
        TapOutcome | { kind: 'applied'; telnetGained: number; levelsGained: number; userId: number }
      > = [];
      const dropRequests: AddRequest[] = [];
      const telnetChanges: WalletChange[] = [];
      const touched = new Set<number>();
      const machineLike: Array<{ userId: number; detail: string }> = [];

      for (const { userId, body } of requests) {
        const user = state.get(userId);
        const key = `${userId}:${body.batchTimestamp}`;
        if (!user || user.banned) {
          outcomes.push({ kind: 'gone' });
          dropRequests.push({ userId, onFull: 'lose' });
          continue;
        }
        if (counted.has(key)) {
          outcomes.push({ kind: 'duplicate', user: view(user) });
          dropRequests.push({ userId, onFull: 'lose' });
          continue;
        }
        const bucket = takeTaps(
          { tokens: user.tapTokens, updatedAtMs: user.tapTokensAt },
          body.tapCount,
          now,
          tapRate.refillPerSecond,
          tapRate.capacity,
        );
        user.tapTokens = bucket.bucket.tokens;
        user.tapTokensAt = bucket.bucket.updatedAtMs;
        touched.add(userId);
        if (!bucket.allowed) {
          const missing = body.tapCount - bucket.bucket.tokens;
          outcomes.push({ kind: 'refused', retryAfterMs: Math.ceil((missing / tapRate.refillPerSecond) * 1000) });
          dropRequests.push({ userId, onFull: 'lose' });
          continue;
        }
        counted.add(key);
        countedNow.push({ userId, batchTimestamp: body.batchTimestamp });
        // The drop rate storage gear raised (ADR 015).
        const dropRate = effectiveStats(user, equipped.get(userId) ?? []).itemDropRate;
        const earned = earnBatch(user, body.tapCount, now, deps.random, dropRate);
        if (earned.telnet > 0) {
          telnetChanges.push({
            userId,
            amount: earned.telnet,
            reason: 'decode',
            reference: `tap-batch:${body.batchTimestamp}`,
          });
        }
        if (earned.machineLike) machineLike.push({ userId, detail: earned.machineLike });
        outcomes.push({ kind: 'applied', telnetGained: earned.telnet, levelsGained: earned.levelsGained, userId });
        // spec §8: drops past the 50-item cap are lost and counted, for 'Inventory Full!'.
        dropRequests.push({ userId, ...earned.drops, onFull: 'lose' });
      }

      const stored = await addItemsMany(tx, dropRequests);
      // The group's writes go out together (one round trip): they touch different tables, the
      // players are already locked, and any failure rolls the whole transaction back.
      const [, balances] = await Promise.all([
        store.updateProgress(
          tx,
          [...touched].map((id) => {
            const u = state.get(id)!;
            return { ...pickProgress(u), id };
          }),
        ),
        creditMany(tx, telnetChanges),
        store.recordCountedBatches(tx, countedNow, new Date(now)),
        // One flag per player (its reference is fixed): a moderator reads it, nothing acts on it (ADR 052).
        ...machineLike.map((f) =>
          flagPlayer(tx, {
            userId: f.userId,
            reason: 'machine-like-decoding',
            reference: machineLikeFlagReference,
            detail: f.detail,
            at: new Date(now),
          }),
        ),
      ]);
      for (const [id, telnet] of balances) state.get(id)!.telnet = telnet;

      return outcomes.map((outcome, i): TapOutcome => {
        if (outcome.kind !== 'applied') return outcome;
        const drops = stored[i]!;
        // 'lose' never refuses; the branch only narrows the type.
        if (drops.kind !== 'added') throw new Error('taps: drops refused under onFull: lose');
        return {
          kind: 'counted',
          response: {
            user: view(state.get(outcome.userId)!),
            gearDrops: drops.gear.map(toGearDropView),
            telnetCoreDrops: drops.cores.map(toCoreDropView),
            levelsGained: outcome.levelsGained,
            telnetGained: outcome.telnetGained,
            lostDrops: drops.lost,
            inventoryFull: drops.lost > 0,
          },
        };
      });
    });
    deps.onCommitted?.(outcomes.flatMap((o) => (o.kind === 'counted' ? [o.response.user] : [])));
    return outcomes;
  }

  const committer = createGroupCommitter(commitGroup, {
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

function dedupe(keys: Array<{ userId: number; batchTimestamp: number }>) {
  const seen = new Map(keys.map((k) => [`${k.userId}:${k.batchTimestamp}`, k]));
  return [...seen.values()];
}

export type TapService = ReturnType<typeof createTapService>;
