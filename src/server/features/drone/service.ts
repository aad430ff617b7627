import type { User } from '../../../core/api/common';
import type {
  DroneBuyBody,
  DroneBuyResponse,
  DroneProcessResult,
  DroneRewardSummary,
  DroneStatus,
} from '../../../core/api/drone';
import { droneStepDueAt, droneStepsPerRun, planDroneRun } from '../../../core/rules/drone';
import { texts } from '../../../core/texts';
import type { Database, Tx } from '../../db/connect';
import { rememberLocked } from '../../db/lock-players';
import { HttpError } from '../../http/errors';
import { runIdempotent, type AfterCommit } from '../../idempotency';
import { scheduleJob } from '../../jobs';
import type { Bus } from '../../realtime/bus';
import { credit, debit } from '../../wallet';
import * as store from './store';
import { runDroneSteps, type DroneStep } from './steps';
import type { DroneRunRow } from './store';
import { publishUserViews } from '../../realtime/user-views';

export interface DroneServiceDeps {
  database: Database;
  bus: Bus;
  now: () => number;
  random: () => number;
  userView(userId: number): Promise<User>;
  userViews?(userIds: number[]): Promise<Map<number, User>>;
}

export type { DroneStep } from './steps';

const t = texts.optimizer;

const refuse = (status: number, message: string): never => {
  throw new HttpError(status, message, { success: false });
};

type HarvestGear = DroneRewardSummary['gearDrops'][number];
type HarvestCore = DroneRewardSummary['telnetCoreDrops'][number];

export function toDroneStatus(run: DroneRunRow | undefined, nowMs: number): DroneStatus {
  const active = run?.status === 'active';
  return {
    isActive: active,
    nextRunTime: active ? (run.nextStepAt?.getTime() ?? null) : null,
    clicksTotal: run?.clicksTotal ?? 0,
    clicksDone: run?.clicksDone ?? 0,
    endsAt: run ? droneStepDueAt(run.startedAt.getTime(), droneStepsPerRun - 1) : null,
    harvestReady: run?.status === 'finished',
    serverNow: nowMs,
  };
}

function toSummary(run: DroneRunRow): DroneRewardSummary {
  const gear = run.gear as HarvestGear[];
  const cores = run.cores as HarvestCore[];
  return {
    totalDrops: gear.length + cores.length,
    experience: run.experience,
    clicks: run.clicksDone,
    levelsGained: run.newLevel - run.levelBefore,
    oldLevel: run.levelBefore,
    newLevel: run.newLevel,
    telnetEarned: run.telnetEarned,
    lostDrops: run.lostDrops,
    gearDrops: gear,
    telnetCoreDrops: cores,
  };
}

/** The Drone (spec §1, §3, §7; ADR 021): bought with Telnet, decoded by the server in ten steps, harvested once. */
export function createDroneService(deps: DroneServiceDeps) {
  const { database, bus, now } = deps;
  const tell = (userId: number, event: Parameters<Bus['publish']>[0]['event']) =>
    bus.publish({ audience: { kind: 'users', userIds: [userId] }, event });
  const publishUser = (userId: number) => publishUserViews(deps, [userId]);

  /** Ends a run: finished (harvest waits) or, with nothing done, straight to harvested with a refund. */
  async function finish(tx: Tx, run: DroneRunRow, at: Date, change: Partial<DroneRunRow>) {
    await store.updateRun(tx, run.id, { ...change, status: 'finished', nextStepAt: null, finishedAt: at });
  }

  /**
   * The jobs runner's 'drone.step' (ADR 021, 022, 073): 30 s steps decode for their players with the
   * human rules (experience, level-ups, Telnet at the connection rate, drops with the 50-item cap), in
   * the job's transaction with their ledger rows, many players at once. They do not touch the tap-rate
   * bucket: the player's own typing keeps its full ceiling. A step already done (a replay) changes nothing.
   */
  async function stepMany(tx: Tx, jobs: DroneStep[], afterCommit: AfterCommit): Promise<void> {
    const stepped = await runDroneSteps(tx, jobs, deps.random);
    afterCommit(async () => {
      for (const { run, clicksDone, gotItems, last } of stepped) {
        tell(run.userId, { t: 'drone.stepped', d: { runId: run.id, clicksDone, clicksTotal: run.clicksTotal } });
        if (gotItems) tell(run.userId, { t: 'inventory.changed', d: { reason: 'drop' } });
        if (last) tell(run.userId, { t: 'drone.finished', d: { runId: run.id } });
      }
      // The batch's players' views in one read, not one per step (a hundred reads queued on the pool ahead of
      // players' own requests); awaited, so a runner never has more than its batches' reads in flight.
      await publishUserViews(
        deps,
        stepped.map((s) => s.run.userId),
      );
    });
  }

  return {
    async status(userId: number): Promise<DroneStatus> {
      return toDroneStatus(await store.currentRun(database.db, userId), now());
    },

    /** Buys a run (the secure path telnet-conversion): one per key; a second run while one is active is refused. */
    async buy(userId: number, key: string, body: DroneBuyBody) {
      return runIdempotent(
        database,
        { userId, key, scope: 'drone.buy', request: body, now: now() },
        async (tx, afterCommit) => {
          const startedAt = now();
          const plan = planDroneRun(body.telnet);
          const player = await store.lockPlayer(tx, userId);
          if (!player) throw new Error(`drone: no player ${userId}`);
          rememberLocked(tx, [userId]);
          const runId = await store.insertRun(tx, {
            userId,
            clicksTotal: plan.clicks,
            clicksPerStep: plan.clicksPerStep,
            startedAt: new Date(startedAt),
            nextStepAt: new Date(droneStepDueAt(startedAt, 0)),
            levelBefore: player.level,
            newLevel: player.level,
          });
          if (runId === null) return refuse(409, t.droneBusy);
          const paid = await debit(tx, {
            userId,
            amount: body.telnet,
            reason: 'drone-purchase',
            reference: `drone:${runId}`,
          });
          if (paid.kind === 'insufficient') return refuse(409, t.droneInsufficient(paid.shortBy));
          // spec §1: unused Telnet is refunded — what one run cannot click goes back at once, with its ledger row.
          if (plan.refundTelnet > 0)
            await credit(tx, {
              userId,
              amount: plan.refundTelnet,
              reason: 'drone-refund',
              reference: `drone:${runId}`,
            });
          await scheduleJob(tx, {
            kind: 'drone.step',
            payload: { runId, step: 0, userId },
            runAt: droneStepDueAt(startedAt, 0),
            dedupeKey: `drone:${runId}:0`,
          });
          const run = (await store.lockRun(tx, runId))!;
          afterCommit(() => void publishUser(userId));
          return {
            statusCode: 200,
            body: {
              success: true,
              clicks: plan.clicks,
              refundedTelnet: plan.refundTelnet,
              status: toDroneStatus(run, startedAt),
            } satisfies DroneBuyResponse,
          };
        },
      );
    },

    /** spec §7 process / harvest: the oldest finished run's summary, handed out once (two tabs: one gets it). */
    async harvest(userId: number): Promise<DroneProcessResult> {
      const run = await store.takeHarvest(database.db, userId, new Date(now()));
      if (!run) return { success: false, message: t.droneNoHarvest };
      return { success: true, runId: run.id, rewardSummary: toSummary(run) };
    },

    /**
     * Ends a deleted account's active run in the caller's transaction, which holds the player's lock
     * (ADR 057): its unused clicks are refunded, as a ban's are, before the balance is burned, so
     * no step or refund can reach the account afterwards.
     */
    async stopRunOf(tx: Tx, userId: number): Promise<void> {
      const current = await store.currentRun(tx, userId);
      if (!current || current.status !== 'active') return;
      const run = await store.lockRun(tx, current.id);
      if (!run || run.status !== 'active') return;
      const unused = run.clicksTotal - run.clicksDone;
      if (unused > 0)
        await credit(tx, { userId, amount: unused, reason: 'drone-refund', reference: `drone:${run.id}` });
      await finish(tx, run, new Date(now()), {});
    },

    stepMany,

    /** One step: the batch of one the runner uses when it runs jobs one by one. */
    step: (tx: Tx, job: DroneStep, afterCommit: AfterCommit) => stepMany(tx, [job], afterCommit),
  };
}

export type DroneService = ReturnType<typeof createDroneService>;
