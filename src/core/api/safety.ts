import { z } from 'zod';
import { balance } from '../balance';
import { infra } from '../infra';
import { limits } from '../rules/account';
import { reportActions, reportReasons } from '../safety';
import { fillText, texts } from '../texts';
import { PlainText, RowId } from './common';

/** Ignore and Report for players (ADR 056). Every state change is a POST with the CSRF token. */
export const safetyPaths = {
  ignores: '/api/ignores',
  unignore: '/api/ignores/remove',
  reports: '/api/reports',
} as const;

/** One ignored player, as the settings list and every tab's filter read it. */
export const IgnoredPlayer = z
  .object({ userId: z.int(), username: z.string(), createdAt: z.iso.datetime() })
  .meta({ description: 'A player the signed-in player ignores: their chat and Ping lines are hidden from them.' });
export type IgnoredPlayer = z.infer<typeof IgnoredPlayer>;

/** GET /api/ignores: the whole list (at most ignoreListMax), newest first. */
export const IgnoreList = z
  .object({ ignored: z.array(IgnoredPlayer) })
  .meta({ description: 'Everyone the player ignores, newest first.' });
export type IgnoreList = z.infer<typeof IgnoreList>;

/** POST /api/ignores {username}: by name, as players see each other; case-insensitive like Ping's look-up. */
export const IgnoreBody = z.strictObject({ username: PlainText.min(1).max(limits.usernameMax) });
export type IgnoreBody = z.infer<typeof IgnoreBody>;

/** POST /api/ignores/remove {userId}: unignoring someone not ignored is answered the same (idempotent). */
export const UnignoreBody = z.strictObject({ userId: RowId });
export type UnignoreBody = z.infer<typeof UnignoreBody>;

/** The answer to POST /api/ignores/remove: false when the player was not ignored (nothing changed). */
export const UnignoreResponse = z
  .object({ removed: z.boolean() })
  .meta({ description: 'Whether the player was on the ignore list and is now off it.' });
export type UnignoreResponse = z.infer<typeof UnignoreResponse>;

const Coord = z
  .int()
  .min(0)
  .max(balance.gridSize - 1);

/** A Kernel region, inclusive and bounded like GET /api/grid/state's. */
const RegionTarget = z
  .strictObject({ kind: z.literal('region'), x0: Coord, y0: Coord, x1: Coord, y1: Coord })
  .refine((q) => q.x0 <= q.x1 && q.y0 <= q.y1, { message: texts.kernel.regionReversed })
  .refine((q) => (q.x1 - q.x0 + 1) * (q.y1 - q.y0 + 1) <= infra.kernelStateRegionMaxBits, {
    message: fillText(texts.kernel.regionTooLarge, { n: infra.kernelStateRegionMaxBits }),
  });

/** What a report points at. A private message must be one the reporter sent or received. */
export const ReportTarget = z.union([
  z.strictObject({ kind: z.literal('chat'), messageId: RowId }),
  z.strictObject({ kind: z.literal('ping'), messageId: RowId }),
  z.strictObject({ kind: z.literal('user'), userId: RowId }),
  // By name too: the Terminal's logs and the leaderboard know players by name only.
  z.strictObject({ kind: z.literal('user'), username: PlainText.min(1).max(limits.usernameMax) }),
  RegionTarget,
]);
export type ReportTarget = z.infer<typeof ReportTarget>;

/** POST /api/reports {target, reason, note?}. */
export const ReportBody = z.strictObject({
  target: ReportTarget,
  reason: z.enum(reportReasons),
  note: PlainText.max(balance.reportNoteMax, {
    message: fillText(texts.safety.reportNoteTooLong, { n: balance.reportNoteMax }),
  }).optional(),
});
export type ReportBody = z.infer<typeof ReportBody>;

/** The answer to every accepted report, new or repeated: the reporter learns nothing more. */
export const ReportReceipt = z.object({ message: z.string() }).meta({
  description:
    'The same thanks for every accepted report, new or repeated: the reporter learns nothing about the target.',
});
export type ReportReceipt = z.infer<typeof ReportReceipt>;

/** The reported content as it was when reported; the console shows this, not today's row. */
export const ReportSnapshot = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('chat'),
    messageId: z.int(),
    authorId: z.int(),
    author: z.string(),
    text: z.string(),
    sentAt: z.iso.datetime(),
  }),
  z.object({
    kind: z.literal('ping'),
    messageId: z.int(),
    senderId: z.int(),
    sender: z.string(),
    receiverId: z.int(),
    receiver: z.string(),
    text: z.string(),
    sentAt: z.iso.datetime(),
  }),
  z.object({ kind: z.literal('user'), userId: z.int(), username: z.string() }),
  z.object({
    kind: z.literal('region'),
    x0: z.int(),
    y0: z.int(),
    x1: z.int(),
    y1: z.int(),
    ownedBits: z.int(),
    owners: z.array(z.object({ userId: z.int(), username: z.string(), bits: z.int() })),
  }),
]);
export type ReportSnapshot = z.infer<typeof ReportSnapshot>;

/** One reported target in the moderators' queue: its open reports grouped. */
export const ReportQueueItem = z.object({
  targetKind: z.string(),
  targetRef: z.string(),
  reportedUserId: z.int().nullable(),
  reportedUsername: z.string().nullable(),
  count: z.int(),
  firstReportedAt: z.iso.datetime(),
  lastReportedAt: z.iso.datetime(),
  snapshot: ReportSnapshot,
  reporters: z.array(
    z.object({
      userId: z.int(),
      username: z.string(),
      reason: z.enum(reportReasons),
      note: z.string(),
      reportedAt: z.iso.datetime(),
    }),
  ),
});
export type ReportQueueItem = z.infer<typeof ReportQueueItem>;

/** What resolving a target records. */
export const ReportResolution = z.strictObject({ action: z.enum(reportActions) });
