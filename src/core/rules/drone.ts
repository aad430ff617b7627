import { balance } from '../balance';
import { expectedCoreTelnetPerDecode } from './cores';

/** Steps in one drone run: 5 minutes of 30 s intervals (spec §1) = 10. */
export const droneStepsPerRun = (balance.droneDurationMinutes * 60) / balance.droneIntervalSeconds;
/** Most auto-clicks one run can make: 25 per interval × 10 intervals = 250 (spec §1). */
export const droneMaxClicksPerRun = droneStepsPerRun * balance.droneMaxClicksPerInterval;

export interface DronePlan {
  /** Telnet kept for the run: one per auto-click (spec §1). */
  clicks: number;
  /** Telnet offered past what one run can use, refunded at once through the ledger. */
  refundTelnet: number;
  /** Auto-clicks in each 30 s step, in order; each at most 25, summing to `clicks`. */
  clicksPerStep: number[];
}

/**
 * spec §1 read as (ADR 021): 1 Telnet buys one auto-click; a run lasts 5 minutes in ten 30 s steps,
 * clicks spread as evenly as possible, never more than 25 in a step, so one run holds 250 at most.
 * Telnet offered past 250 is unused and refunded.
 */
export function planDroneRun(offeredTelnet: number): DronePlan {
  const clicks = Math.max(0, Math.min(Math.floor(offeredTelnet), droneMaxClicksPerRun));
  const clicksPerStep = Array.from(
    { length: droneStepsPerRun },
    (_, i) => Math.floor((clicks * (i + 1)) / droneStepsPerRun) - Math.floor((clicks * i) / droneStepsPerRun),
  );
  return { clicks, refundTelnet: Math.max(0, Math.floor(offeredTelnet) - clicks), clicksPerStep };
}

/**
 * The connection rate a drone decode pays Telnet at (ADR 051): the player's rate, but never past
 * balance.droneTelnetRateCapPct, so a click (1 Telnet) cannot return 1 Telnet or more once its
 * expected core drops are counted. Experience and drops are the human rules, unchanged.
 */
export function droneConnectionRatePct(connectionRatePct: number): number {
  return Math.min(Math.round(connectionRatePct), balance.droneTelnetRateCapPct);
}

/**
 * Expected Telnet one drone click returns (it costs balance.droneTelnetPerClick): the decode's Telnet
 * at the drone's rate plus the expected Telnet of the cores it may drop, each opened.
 */
export function expectedDroneClickReturnTelnet(connectionRatePct: number): number {
  return droneConnectionRatePct(connectionRatePct) / balance.telnetCentsPerTelnet + expectedCoreTelnetPerDecode();
}

/** When step `index` (0-based) of a run started at `startedAtMs` is due: 30 s, 60 s, … 300 s after. */
export function droneStepDueAt(startedAtMs: number, index: number): number {
  return startedAtMs + (index + 1) * balance.droneIntervalSeconds * 1000;
}

/** What a run has gathered so far: the harvest dialog's figures (spec §2, §3 drone process result). */
export interface DroneHarvest {
  experience: number;
  clicks: number;
  levelBefore: number;
  newLevel: number;
  telnetEarned: number;
  lostDrops: number;
}

/** Adds one step's result to the harvest; levels gained is always newLevel − levelBefore. */
export function addDroneStep(
  h: DroneHarvest,
  step: { experience: number; clicks: number; newLevel: number; telnetEarned: number; lostDrops: number },
): DroneHarvest {
  return {
    experience: h.experience + step.experience,
    clicks: h.clicks + step.clicks,
    levelBefore: h.levelBefore,
    newLevel: step.newLevel,
    telnetEarned: h.telnetEarned + step.telnetEarned,
    lostDrops: h.lostDrops + step.lostDrops,
  };
}

/** Experience gained between two progress states (carry-over levels included), from the exp curve's totals. */
export function experienceBetween(
  before: { level: number; currentExp: number },
  after: { level: number; currentExp: number },
  expForLevel: (level: number) => number,
): number {
  let total = after.currentExp - before.currentExp;
  for (let l = before.level; l < after.level; l++) total += expForLevel(l);
  return total;
}
