import { z } from 'zod';
import { infra } from '../infra';
import { queryInt } from './common';

/** What happened to the player while they were away (ADR 064), read from their ledger rows. */
export const activityKinds = ['item-sold', 'broken-into', 'drone-harvest', 'boss-defeated', 'mission-reward'] as const;
export const ActivityKind = z.enum(activityKinds);
export type ActivityKind = z.infer<typeof ActivityKind>;

/**
 * One thing that happened: its kind, what it was about (the mission's title, the item sold, the intruder's
 * username; null when there is nothing to name), the Telnet it moved (negative when taken) and when.
 */
export const ActivityEntry = z.object({
  id: z.int(),
  kind: ActivityKind,
  detail: z.string().nullable(),
  telnet: z.number(),
  createdAt: z.iso.datetime(),
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

/** GET /api/activity?limit=: the newest unseen entries first, at most `limit`, and how many are unseen in all (capped). */
export const ActivityQuery = z.strictObject({
  limit: queryInt(z.int().min(1).max(infra.activityPageMax)).default(infra.activityPageMax),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

export const ActivityLog = z.object({ entries: z.array(ActivityEntry), unseen: z.int() }).meta({
  description: 'What happened to the player while away (sales, break-ins, harvests, rewards), newest first.',
});
export type ActivityLog = z.infer<typeof ActivityLog>;

/** GET /api/activity/unseen: the header badge's count, capped at activityPageMax. */
export const ActivityUnseen = z
  .object({ unseen: z.int() })
  .meta({ description: 'How many activity entries the player has not seen yet (capped).' });
export type ActivityUnseen = z.infer<typeof ActivityUnseen>;

/** POST /api/activity/seen {upToId}: the player has read the log up to this entry. */
export const ActivitySeenBody = z.strictObject({ upToId: z.int().min(1).max(Number.MAX_SAFE_INTEGER) });
export type ActivitySeenBody = z.infer<typeof ActivitySeenBody>;

export const activityPaths = {
  log: '/api/activity',
  unseen: '/api/activity/unseen',
  seen: '/api/activity/seen',
} as const;
