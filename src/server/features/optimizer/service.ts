import type { User } from '../../../core/api/common';
import type { OptimizerCollectResponse, OptimizerStartResponse, OptimizerStatus } from '../../../core/api/optimizer';
import { balance } from '../../../core/balance';
import {
  canStartOptimizer,
  connectionRateForLevel,
  optimizerUpgradeCost,
  optimizerUpgradeMinutes,
  secondsRemaining,
} from '../../../core/rules/optimizer';
import { texts } from '../../../core/texts';
import type { Database, Tx } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { HttpError } from '../../http/errors';
import { runIdempotent, type AfterCommit } from '../../idempotency';
import { scheduleJob, type Job } from '../../jobs';
import type { Bus } from '../../realtime/bus';
import { balanceOf, debit } from '../../wallet';
import * as store from './store';
import type { OptimizerRow } from './store';
import { publishUserViews } from '../../realtime/user-views';

export interface OptimizerServiceDeps {
  database: Database;
  bus: Bus;
  now: () => number;
  userView(userId: number): Promise<User>;
}

const t = texts.optimizer;

const refuse = (status: number, message: string): never => {
  throw new HttpError(status, message, { success: false });
};

export type OptimizerCompleted = Job<'optimizer.completed', { userId: number; level: number }>;

/** spec §3 optimizer status from the row and the server's clock. */
export function toStatus(row: OptimizerRow, nowMs: number): OptimizerStatus {
  const endsAt = row.endsAt?.getTime() ?? null;
  const atMax = row.level >= balance.optimizerMaxLevel;
  return {
    currentLevel: row.level,
    currentConnectionRate: connectionRateForLevel(row.level),
    isActive: endsAt !== null,
    timeRemaining: endsAt === null ? 0 : secondsRemaining(endsAt, nowMs),
    canCollectReward: endsAt !== null && endsAt <= nowMs,
    nextUpgradeCost: atMax ? null : optimizerUpgradeCost(row.level),
    nextUpgradeTime: atMax ? null : optimizerUpgradeMinutes(row.level),
    endsAt,
    serverNow: nowMs,
    maxLevel: balance.optimizerMaxLevel,
  };
}

/** The Optimizer (spec §2–§4, §7; ADR 020): paid at start, timed by the jobs runner, collected once. */
export function createOptimizerService(deps: OptimizerServiceDeps) {
  const { database, bus, now } = deps;
  const tell = (userId: number, event: Parameters<Bus['publish']>[0]['event']) =>
    bus.publish({ audience: { kind: 'users', userIds: [userId] }, event });
  const publishUser = (userId: number) => publishUserViews(deps, [userId]);

  /** Level +1 and the new connection rate, under the optimizer row's lock. */
  async function applyCollect(tx: Tx, row: OptimizerRow): Promise<{ newLevel: number; newConnectionRate: number }> {
    const newLevel = row.level + 1;
    const newConnectionRate = connectionRateForLevel(newLevel);
    await store.markCollected(tx, row.userId, newLevel);
    await store.setConnectionRate(tx, row.userId, newConnectionRate);
    return { newLevel, newConnectionRate };
  }

  return {
    async status(userId: number): Promise<OptimizerStatus> {
      return toStatus(await store.readState(database.db, userId), now());
    },

    /** spec §7 start (and its secure twin upgrade): the Telnet is taken at start through the ledger, once per key. */
    async start(userId: number, key: string, scope: 'optimizer.start' | 'optimizer.upgrade') {
      return runIdempotent(database, { userId, key, scope, request: {}, now: now() }, async (tx, afterCommit) => {
        const startedAt = now();
        // Lock order (ADR 044): the player, then the optimizer row; the debit below is then no first lock.
        await lockPlayers(tx, [userId]);
        const row = await store.lockState(tx, userId);
        const check = canStartOptimizer({
          level: row.level,
          active: row.endsAt !== null,
          telnet: await balanceOf(tx, userId),
        });
        if (!check.ok) {
          if (check.reason === 'active') refuse(409, t.activeRefusal);
          if (check.reason === 'max-level') refuse(409, t.maxLevelRefusal);
          refuse(409, t.notEnoughTelnet);
        }
        if (!check.ok) throw new Error('unreachable');
        // The conditional debit decides, not the read above: a balance spent meanwhile is refused here.
        const paid = await debit(tx, {
          userId,
          amount: check.costTelnet,
          reason: 'optimizer-upgrade',
          reference: `optimizer:${row.level + 1}`,
        });
        if (paid.kind === 'insufficient') refuse(409, t.notEnoughTelnet);
        const endsAt = startedAt + check.durationMs;
        await store.markStarted(tx, userId, new Date(startedAt), new Date(endsAt), check.costTelnet);
        await scheduleJob(tx, {
          kind: 'optimizer.completed',
          payload: { userId, level: row.level },
          runAt: endsAt,
          dedupeKey: `optimizer:${userId}:${row.level}`,
        });
        const status = toStatus(
          { ...row, startedAt: new Date(startedAt), endsAt: new Date(endsAt), paidTelnet: check.costTelnet },
          startedAt,
        );
        afterCommit(() => void publishUser(userId));
        return {
          statusCode: 200,
          body: {
            success: true,
            timeMinutes: check.durationMs / 60_000,
            costTelnet: check.costTelnet,
            status,
          } satisfies OptimizerStartResponse,
        };
      });
    },

    /** spec §7 collect: +1 % connection rate and level +1, only after the end time, once (the row lock decides). */
    async collect(userId: number): Promise<OptimizerCollectResponse> {
      const result = await database.db.transaction(async (tx) => {
        const at = now();
        // Lock order (ADR 044): the player (whose connection rate changes), then the optimizer row.
        await lockPlayers(tx, [userId]);
        const row = await store.lockState(tx, userId);
        if (row.endsAt === null || row.endsAt.getTime() > at) return refuse(409, t.nothingToCollect);
        const collected = await applyCollect(tx, row);
        return {
          success: true as const,
          ...collected,
          status: toStatus({ ...row, level: collected.newLevel, endsAt: null, startedAt: null, paidTelnet: null }, at),
        };
      });
      void publishUser(userId);
      return result;
    },

    /**
     * The jobs runner's 'optimizer.completed' (spec §4 background automation, run by the server):
     * collects the upgrade at its end time if the player has not; a second run finds it idle and does nothing.
     */
    async complete(tx: Tx, job: OptimizerCompleted, afterCommit: AfterCommit): Promise<void> {
      await lockPlayers(tx, [job.payload.userId]);
      const row = await store.lockState(tx, job.payload.userId);
      if (row.endsAt === null || row.level !== job.payload.level) return; // collected by the player first
      if (row.endsAt.getTime() > job.claimedAt.getTime())
        throw new Error('optimizer.completed claimed before its end time');
      const standing = await store.playerStanding(tx, row.userId);
      if (!standing || standing.banned) return;
      const collected = await applyCollect(tx, row);
      afterCommit(() => {
        tell(row.userId, {
          t: 'optimizer.ready',
          d: { level: collected.newLevel, connectionRate: collected.newConnectionRate },
        });
        void publishUser(row.userId);
      });
    },
  };
}

export type OptimizerService = ReturnType<typeof createOptimizerService>;
