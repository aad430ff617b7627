import { z } from 'zod';
import { balance } from '../balance';
import { GearType, Rarity } from '../items';
import { Count } from './common';

/**
 * spec §7 Drone calls (ADR 021): the run is bought through the secure path telnet-conversion
 * (Telnet → auto-clicks); process and its secure twin harvest hand over a finished run's harvest once.
 */
export const dronePaths = {
  status: '/api/drone/status',
  buy: '/api/game/telnet-conversion',
  process: '/api/drone/process',
  harvest: '/api/drone/harvest',
} as const;

/** spec §3 drone status, plus the run's figures for the screen. */
export const DroneStatus = z.object({
  isActive: z.boolean(),
  /** When the next step runs (ms since the epoch), or null with no run. */
  nextRunTime: Count.nullable(),
  clicksTotal: Count,
  clicksDone: Count,
  endsAt: Count.nullable(),
  /** A finished run whose harvest has not been shown yet. */
  harvestReady: z.boolean(),
  serverNow: Count,
});
export type DroneStatus = z.infer<typeof DroneStatus>;

/** Telnet offered for a run: a whole number from 1; past one run's 250 clicks it is refunded (spec §1). */
export const DroneBuyBody = z.strictObject({ telnet: z.int().min(1).max(balance.droneMaxOfferTelnet) });
export type DroneBuyBody = z.infer<typeof DroneBuyBody>;

export const DroneBuyResponse = z.object({
  success: z.literal(true),
  clicks: Count,
  refundedTelnet: Count,
  status: DroneStatus,
});
export type DroneBuyResponse = z.infer<typeof DroneBuyResponse>;

/** A gear drop as the harvest dialog lists it (spec §2: name, level, rarity colour, type stat). */
export const HarvestGear = z.object({
  id: z.int(),
  name: z.string(),
  type: GearType,
  rarity: Rarity,
  level: Count,
  statValue: Count,
});
export type HarvestGear = z.infer<typeof HarvestGear>;
export const HarvestCore = z.object({ id: z.int(), name: z.string(), type: z.string() });

/** spec §3 drone process result's rewardSummary. */
export const DroneRewardSummary = z.object({
  totalDrops: Count,
  experience: Count,
  clicks: Count,
  levelsGained: Count,
  oldLevel: Count,
  newLevel: Count,
  telnetEarned: Count,
  lostDrops: Count,
  gearDrops: z.array(HarvestGear),
  telnetCoreDrops: z.array(HarvestCore),
});
export type DroneRewardSummary = z.infer<typeof DroneRewardSummary>;

/** spec §3 drone process result: success false when no finished run is waiting (another tab took it). */
export const DroneProcessResult = z.union([
  z.object({ success: z.literal(true), runId: z.int(), rewardSummary: DroneRewardSummary }),
  z.object({ success: z.literal(false), message: z.string() }),
]);
export type DroneProcessResult = z.infer<typeof DroneProcessResult>;

/** process and harvest take no fields. */
export const DroneHarvestBody = z.strictObject({});
