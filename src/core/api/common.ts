import { z } from 'zod';

/** A JSON error body: every 4xx carries a message a player can read. */
export const ErrorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A whole, non-negative, safe integer (rejects NaN, Infinity, fractions, negatives and 2^53+1). */
export const Count = z.int().min(0);

/** The signed-in player as the server tells it (spec §3 User). */
export const User = z.object({
  id: z.int(),
  loginId: z.string(),
  username: z.string(),
  level: z.int(),
  currentExp: z.int(),
  maxExp: z.int(),
  totalTaps: z.int(),
  telnet: z.int(),
  attack: z.int(),
  criticalRate: z.number(),
  bonusCriticalHit: z.number(),
  connectionRate: z.number(),
  itemDropRate: z.number(),
});
export type User = z.infer<typeof User>;
