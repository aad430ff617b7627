import type { User } from '../../../core/api/common';
import { effectiveStats } from '../../../core/rules/gear-stats';
import { takeTaps } from '../../../core/rules/tap-rate';
import type { Tx } from '../../db/connect';
import { rememberLocked } from '../../db/lock-players';
import { addItemsMany, equippedGear, type AddRequest } from '../../inventory';
import { toCoreDropView, toGearDropView } from '../../inventory/drop-views';
import { flagPlayer } from '../../moderation';
import { toUserView } from '../../player/user-view';
import { creditMany, type WalletChange } from '../../wallet';
import { earnBatch } from './earn';
import * as store from './store';
import type { TapUserUpdate, UserRow } from './store';
import type { TapContext, TapOutcome, TapRequest } from './tap-context';

/** The machine-like flag's fixed cause: at most one such flag per player stays open (ADR 052). */
export const machineLikeFlagReference = 'decode-timing';

type BatchKey = { userId: number; batchTimestamp: number };
type Applied = { kind: 'applied'; telnetGained: number; levelsGained: number; userId: number };

/** What the group's batches come to, before anything is written: one outcome and one drop request per batch. */
interface GroupPlan {
  outcomes: Array<TapOutcome | Applied>;
  dropRequests: AddRequest[];
  telnetChanges: WalletChange[];
  touched: Set<number>;
  machineLike: Array<{ userId: number; detail: string }>;
  countedNow: BatchKey[];
}

/** What the group read under its players' locks; `state` is their rows, changed in place as batches apply. */
interface GroupReads {
  state: Map<number, UserRow>;
  counted: Set<string>;
  equipped: Awaited<ReturnType<typeof equippedGear>>;
  view(user: UserRow): User;
}

/**
 * One transaction for a whole group: lock players, count batches once, apply experience, store
 * drops through the inventory and pay Telnet through the wallet (which writes the ledger rows).
 */
export async function commitGroup(ctx: TapContext, requests: TapRequest[]): Promise<TapOutcome[]> {
  const { deps } = ctx;
  const now = deps.now();
  const outcomes = await deps.database.db.transaction(async (tx) => {
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
    const reads: GroupReads = {
      state: new Map<number, UserRow>([...rows].map(([id, row]) => [id, { ...row }])),
      counted,
      equipped,
      view: (user) => toUserView(user, equipped.get(user.id) ?? []),
    };
    const plan = planGroup(ctx, requests, reads, now);
    const stored = await writeGroup(tx, plan, reads.state, now);
    return plan.outcomes.map((outcome, i): TapOutcome => {
      if (outcome.kind !== 'applied') return outcome;
      const drops = stored[i]!;
      // 'lose' never refuses; the branch only narrows the type.
      if (drops.kind !== 'added') throw new Error('taps: drops refused under onFull: lose');
      return {
        kind: 'counted',
        response: {
          user: reads.view(reads.state.get(outcome.userId)!),
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

/** Judges each batch in order: gone, a duplicate, refused by the tap rate, or applied to its player's row. */
function planGroup(ctx: TapContext, requests: TapRequest[], reads: GroupReads, now: number): GroupPlan {
  const { tapRate } = ctx;
  const { state, counted, equipped } = reads;
  const plan: GroupPlan = {
    outcomes: [],
    dropRequests: [],
    telnetChanges: [],
    touched: new Set<number>(),
    machineLike: [],
    countedNow: [],
  };
  for (const { userId, body } of requests) {
    const user = state.get(userId);
    const key = `${userId}:${body.batchTimestamp}`;
    if (!user || user.banned) {
      plan.outcomes.push({ kind: 'gone' });
      plan.dropRequests.push({ userId, onFull: 'lose' });
      continue;
    }
    if (counted.has(key)) {
      plan.outcomes.push({ kind: 'duplicate', user: reads.view(user) });
      plan.dropRequests.push({ userId, onFull: 'lose' });
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
    plan.touched.add(userId);
    if (!bucket.allowed) {
      const missing = body.tapCount - bucket.bucket.tokens;
      plan.outcomes.push({ kind: 'refused', retryAfterMs: Math.ceil((missing / tapRate.refillPerSecond) * 1000) });
      plan.dropRequests.push({ userId, onFull: 'lose' });
      continue;
    }
    counted.add(key);
    plan.countedNow.push({ userId, batchTimestamp: body.batchTimestamp });
    // The drop rate storage gear raised (ADR 015).
    const dropRate = effectiveStats(user, equipped.get(userId) ?? []).itemDropRate;
    const earned = earnBatch(user, body.tapCount, now, ctx.deps.random, dropRate);
    if (earned.telnet > 0) {
      plan.telnetChanges.push({
        userId,
        amount: earned.telnet,
        reason: 'decode',
        reference: `tap-batch:${body.batchTimestamp}`,
      });
    }
    if (earned.machineLike) plan.machineLike.push({ userId, detail: earned.machineLike });
    plan.outcomes.push({ kind: 'applied', telnetGained: earned.telnet, levelsGained: earned.levelsGained, userId });
    // spec §8: drops past the 50-item cap are lost and counted, for 'Inventory Full!'.
    plan.dropRequests.push({ userId, ...earned.drops, onFull: 'lose' });
  }
  return plan;
}

/** Stores the group's drops, then its other writes together; the players' new Telnet goes into `state`. */
async function writeGroup(tx: Tx, plan: GroupPlan, state: Map<number, UserRow>, now: number) {
  const stored = await addItemsMany(tx, plan.dropRequests);
  // The group's writes go out together (one round trip): they touch different tables, the
  // players are already locked, and any failure rolls the whole transaction back.
  const [, balances] = await Promise.all([
    store.updateProgress(
      tx,
      [...plan.touched].map((id) => {
        const u = state.get(id)!;
        return { ...pickProgress(u), id };
      }),
    ),
    creditMany(tx, plan.telnetChanges),
    store.recordCountedBatches(tx, plan.countedNow, new Date(now)),
    // One flag per player (its reference is fixed): a moderator reads it, nothing acts on it (ADR 052).
    ...plan.machineLike.map((f) =>
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
  return stored;
}

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

function dedupe(keys: BatchKey[]) {
  const seen = new Map(keys.map((k) => [`${k.userId}:${k.batchTimestamp}`, k]));
  return [...seen.values()];
}
