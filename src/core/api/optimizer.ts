import { z } from 'zod';
import { Count } from './common';

/** spec §7 Optimizer calls; /api/optimizer/upgrade is the secure-path twin of start (spec §7 secure paths, ADR 020). */
export const optimizerPaths = {
  status: '/api/optimizer/status',
  start: '/api/optimizer/start',
  upgrade: '/api/optimizer/upgrade',
  collect: '/api/optimizer/collect',
} as const;

/** spec §3 optimizer status, plus endsAt so a countdown runs from the server's end time and survives a reload. */
export const OptimizerStatus = z.object({
  currentLevel: Count,
  currentConnectionRate: z.number(),
  isActive: z.boolean(),
  /** Seconds until the running upgrade can be collected (0 when ready or idle). */
  timeRemaining: Count,
  canCollectReward: z.boolean(),
  /** Telnet and minutes of the next upgrade; null at the max level (spec §4: upgrade unavailable). */
  nextUpgradeCost: Count.nullable(),
  nextUpgradeTime: Count.nullable(),
  /** When the running upgrade ends (ms since the epoch, server clock), or null when idle. */
  endsAt: Count.nullable(),
  /** The server's clock when it answered: the client offsets its countdown by the difference. */
  serverNow: Count,
  maxLevel: Count,
});
export type OptimizerStatus = z.infer<typeof OptimizerStatus>;

/** POST start/upgrade take no fields (the cost is the server's); an empty object, nothing else. */
export const OptimizerStartBody = z.strictObject({});
export type OptimizerStartBody = z.infer<typeof OptimizerStartBody>;

/** spec §7: start returns timeMinutes. */
export const OptimizerStartResponse = z.object({
  success: z.literal(true),
  timeMinutes: Count,
  costTelnet: Count,
  status: OptimizerStatus,
});
export type OptimizerStartResponse = z.infer<typeof OptimizerStartResponse>;

/** spec §7: collect (no payload) returns newConnectionRate. */
export const OptimizerCollectResponse = z.object({
  success: z.literal(true),
  newConnectionRate: z.number(),
  newLevel: Count,
  status: OptimizerStatus,
});
export type OptimizerCollectResponse = z.infer<typeof OptimizerCollectResponse>;
