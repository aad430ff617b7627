import type { DroneRewardSummary } from '../../../core/api/drone';
import { addDroneStep, droneConnectionRatePct, droneStepDueAt, experienceBetween } from '../../../core/rules/drone';
import { rollDrops } from '../../../core/rules/drops';
import { applyDecodes, expForLevel } from '../../../core/rules/exp';
import { effectiveStats } from '../../../core/rules/gear-stats';
import { convertDecodesToTelnet } from '../../../core/rules/telnet';
import type { Tx } from '../../db/connect';
import { rememberLocked } from '../../db/lock-players';
import { addItemsMany, equippedGear, type AddRequest } from '../../inventory';
import { scheduleJobs, type Job, type NewJob } from '../../jobs';
import { creditMany, type WalletChange } from '../../wallet';
import { toCoreDropView, toGearDropView } from '../../inventory/drop-views';
import * as store from './store';
import type { DroneRunRow, PlayerProgress, RunChange } from './store';

/** `userId` is absent only from steps scheduled before it was added to the payload. */
export type DroneStep = Job<'drone.step', { runId: number; step: number; userId?: number }>;

type HarvestGear = DroneRewardSummary['gearDrops'][number];
type HarvestCore = DroneRewardSummary['telnetCoreDrops'][number];

/** What a batch of steps tells each player once it committed. */
export interface SteppedRun {
  run: DroneRunRow;
  clicksDone: number;
  gotItems: boolean;
  last: boolean;
}

/** The drops a step stored: added under onFull 'lose' (never refused). */
type StoredDrops = Extract<Awaited<ReturnType<typeof addItemsMany>>[number], { kind: 'added' }>;

interface Decoded {
  run: DroneRunRow;
  clicks: number;
  before: PlayerProgress;
  after: PlayerProgress;
  telnet: number;
  drops: AddRequest;
}

/**
 * Many players' drone steps in one savepoint (ADR 073), with the rules of one step each (ADR 021, 022):
 * the players are locked first in one statement, then their runs, and every write — progress, items
 * through the inventory, Telnet through the wallet with a ledger row per step, the runs and their next
 * steps through the jobs runner — is one statement for the whole batch. A step already done changes nothing.
 */
export async function runDroneSteps(tx: Tx, jobs: DroneStep[], random: () => number): Promise<SteppedRun[]> {
  const locked = await lockDueRuns(tx, jobs);
  if (!locked) return [];
  const { players, due } = locked;
  const at = jobs[0]!.claimedAt;
  const equipped = await equippedGear(
    tx,
    due.map((r) => r.userId).filter((id) => players.get(id)?.banned === false),
  );
  const { credits, changes, decoded } = decodeSteps(due, players, equipped, random, at);
  const stored = await addItemsMany(
    tx,
    decoded.map((d) => d.drops),
  );
  const stepped: SteppedRun[] = [];
  const nextSteps: NewJob[] = [];
  decoded.forEach((d, i) => {
    const items = stored[i]!;
    if (items.kind !== 'added') throw new Error('drone: drops refused under onFull: lose');
    const harvested = harvestStep(d, items, at);
    changes.push(harvested.change);
    if (harvested.nextStep) nextSteps.push(harvested.nextStep);
    stepped.push(harvested.stepped);
  });
  // Independent statements of one transaction, sent together: the players' rows are already locked.
  await Promise.all([
    store.updateProgressMany(tx, [...new Map(decoded.map((d) => [d.after.id, players.get(d.after.id)!])).values()]),
    creditMany(tx, credits),
    store.updateRuns(tx, changes),
    scheduleJobs(tx, nextSteps),
  ]);
  return stepped;
}

/** The steps' players, then their runs, locked (ADR 044), and the runs whose step is due; null with no player. */
async function lockDueRuns(tx: Tx, jobs: DroneStep[]) {
  const owners = await store.ownersOfRuns(
    tx,
    jobs.filter((j) => j.payload.userId === undefined).map((j) => j.payload.runId),
  );
  const userIds = jobs
    .map((j) => j.payload.userId ?? owners.get(j.payload.runId))
    .filter((id): id is number => id !== undefined);
  if (userIds.length === 0) return null;
  // Lock order (ADR 044): the runs' players, then the runs (a run never changes hands).
  const players = await store.lockPlayersProgress(tx, userIds);
  rememberLocked(tx, players.keys());
  const runs = await store.lockRuns(
    tx,
    jobs.map((j) => j.payload.runId),
  );
  const due: DroneRunRow[] = [];
  for (const job of jobs) {
    const run = runs.get(job.payload.runId);
    // A job for a step already done (or a run already ended) is a no-op, as is a second job for the same step.
    if (run?.status === 'active' && run.stepsDone === job.payload.step && !due.includes(run)) due.push(run);
  }
  return { players, due };
}

/** Each due step's clicks decoded for its player, in order; a banned or gone player's run ends with its refund. */
function decodeSteps(
  due: DroneRunRow[],
  players: Map<number, PlayerProgress>,
  equipped: Awaited<ReturnType<typeof equippedGear>>,
  random: () => number,
  at: Date,
) {
  const credits: WalletChange[] = [];
  const changes: RunChange[] = [];
  const decoded: Decoded[] = [];
  for (const run of due) {
    const player = players.get(run.userId);
    if (!player || player.banned) {
      // The clicks that cannot run are unused Telnet: refunded (spec §1), and the run ends here.
      const unused = run.clicksTotal - run.clicksDone;
      if (player && unused > 0)
        credits.push({ userId: run.userId, amount: unused, reason: 'drone-refund', reference: `drone:${run.id}` });
      changes.push({ ...run, status: 'finished', nextStepAt: null, finishedAt: at });
      continue;
    }
    const clicks = run.clicksPerStep[run.stepsDone] ?? 0;
    const exp = applyDecodes({ level: player.level, currentExp: player.currentExp, maxExp: 0 }, clicks);
    // ADR 051: the drone's Telnet stops at its own rate cap, so a click never returns its cost.
    const telnet = convertDecodesToTelnet(clicks, droneConnectionRatePct(player.connectionRate), player.telnetCents);
    const drops = rollDrops(
      random,
      clicks,
      player.level,
      effectiveStats(player, equipped.get(player.id) ?? []).itemDropRate,
    );
    const after = {
      ...player,
      level: exp.level,
      currentExp: exp.currentExp,
      totalTaps: player.totalTaps + clicks,
      telnetCents: telnet.remainderCents,
    };
    // A later step of the same player in this batch starts from this one's result.
    players.set(player.id, after);
    decoded.push({
      run,
      clicks,
      before: player,
      after,
      telnet: telnet.telnet,
      drops: { userId: player.id, ...drops, onFull: 'lose' },
    });
    if (telnet.telnet > 0)
      credits.push({
        userId: player.id,
        amount: telnet.telnet,
        reason: 'decode',
        reference: `drone:${run.id}:${run.stepsDone}`,
      });
  }
  return { credits, changes, decoded };
}

/** One decoded step added to its run's harvest: the run's new row, its next step if any, and what to tell its player. */
function harvestStep(
  d: Decoded,
  items: StoredDrops,
  at: Date,
): { change: RunChange; nextStep: NewJob | null; stepped: SteppedRun } {
  const { run } = d;
  const harvest = addDroneStep(
    {
      experience: run.experience,
      clicks: run.clicksDone,
      levelBefore: run.levelBefore,
      newLevel: run.newLevel,
      telnetEarned: run.telnetEarned,
      lostDrops: run.lostDrops,
    },
    {
      experience: experienceBetween(d.before, d.after, expForLevel),
      clicks: d.clicks,
      newLevel: d.after.level,
      telnetEarned: d.telnet,
      lostDrops: items.lost,
    },
  );
  const gear = [...(run.gear as HarvestGear[]), ...items.gear.map(toGearDropView)];
  const cores = [
    ...(run.cores as HarvestCore[]),
    ...items.cores.map((c) => {
      const v = toCoreDropView(c);
      return { id: v.id, name: v.name, type: v.coreTypeName };
    }),
  ];
  const stepsDone = run.stepsDone + 1;
  const last = stepsDone >= run.clicksPerStep.length;
  const next = last ? null : droneStepDueAt(run.startedAt.getTime(), stepsDone);
  const progress = {
    stepsDone,
    clicksDone: harvest.clicks,
    experience: harvest.experience,
    newLevel: harvest.newLevel,
    telnetEarned: harvest.telnetEarned,
    lostDrops: harvest.lostDrops,
    gear,
    cores,
  };
  return {
    change: {
      ...run,
      ...progress,
      status: last ? 'finished' : 'active',
      nextStepAt: next === null ? null : new Date(next),
      finishedAt: last ? at : null,
    },
    nextStep:
      next === null
        ? null
        : {
            kind: 'drone.step',
            payload: { runId: run.id, step: stepsDone, userId: run.userId },
            runAt: next,
            dedupeKey: `drone:${run.id}:${stepsDone}`,
          },
    stepped: { run, clicksDone: harvest.clicks, gotItems: items.gear.length + items.cores.length > 0, last },
  };
}
