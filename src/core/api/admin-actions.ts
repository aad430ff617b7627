import { z } from 'zod';
import { balance } from '../balance';
import { ledgerReasons } from '../ledger-reasons';
import { IdParam, PlainText, queryInt, RowId } from './common';
import { ActionReason, consolePrefix, Role } from './admin';

/**
 * The console's player view and its actions (ADR 058): every action takes a reason, checks who may act on
 * whom on the server, and writes its audit row in its own transaction. Every path is under the console guard.
 */
export const consoleActionPaths = {
  /** GET ?q= — players whose username or login ID starts with q (case-insensitive), or the id q. */
  search: `${consolePrefix}/players`,
  /** GET — the player view. */
  player: `${consolePrefix}/players/:userId`,
  /** GET ?reason=&from=&to=&before= — the player's ledger, newest first, in pages. */
  ledger: `${consolePrefix}/players/:userId/ledger`,
  mute: `${consolePrefix}/players/:userId/mute`,
  unmute: `${consolePrefix}/players/:userId/unmute`,
  ban: `${consolePrefix}/players/:userId/ban`,
  unban: `${consolePrefix}/players/:userId/unban`,
  /** The player must choose a new username at their next sign-in; the old one stays reserved. */
  rename: `${consolePrefix}/players/:userId/rename`,
  /** Removes one chat line from history and from every open screen. */
  removeChat: `${consolePrefix}/chat/messages/:messageId/remove`,
  /** Returns the bits of a region (optionally only one owner's) to unowned. */
  clearKernel: `${consolePrefix}/kernel/clear`,
  /** Compensates every ledger row (and item move) of one reference: a hack, a market sale, a drone run, a purchase. */
  reverse: `${consolePrefix}/ledger/reverse`,
} as const;

export const MessageIdParams = z.strictObject({ messageId: IdParam });

export const SearchQuery = z.strictObject({ q: PlainText.pipe(z.string().trim().min(1).max(32)) });

export const PlayerSummary = z.object({
  userId: RowId,
  username: z.string(),
  level: z.number().int(),
  role: Role,
  banned: z.boolean(),
  mutedUntil: z.string().nullable(),
});
export type PlayerSummary = z.infer<typeof PlayerSummary>;
export const SearchResult = z
  .object({ players: z.array(PlayerSummary) })
  .meta({ description: 'Players whose username or login ID starts with the query, or whose id it is.' });

/** A mute lasts whole minutes: from 5 minutes to 30 days. */
export const MuteBody = z.strictObject({
  minutes: z
    .int()
    .min(5)
    .max(30 * 24 * 60),
  reason: ActionReason,
});
export type MuteBody = z.infer<typeof MuteBody>;

/** Unmute, ban, unban, rename and a chat line's removal need only the reason. */
export const ReasonBody = z.strictObject({ reason: ActionReason });
export type ReasonBody = z.infer<typeof ReasonBody>;

const Coordinate = z
  .int()
  .min(0)
  .max(balance.gridSize - 1);
export const ClearKernelBody = z.strictObject({
  x0: Coordinate,
  y0: Coordinate,
  x1: Coordinate,
  y1: Coordinate,
  /** Only this player's bits (a griefer's), else every owned bit of the region. */
  ownerUserId: RowId.optional(),
  reason: ActionReason,
});
export type ClearKernelBody = z.infer<typeof ClearKernelBody>;

/** A ledger reference as the ledger stores it, e.g. `market-sale:41`. */
export const ReverseBody = z.strictObject({
  reference: PlainText.pipe(z.string().min(1).max(200)),
  reason: ActionReason,
});
export type ReverseBody = z.infer<typeof ReverseBody>;

export const LedgerQuery = z.strictObject({
  reason: z.enum(ledgerReasons).optional(),
  /** ISO dates (YYYY-MM-DD), inclusive, UTC. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  before: queryInt(z.int().min(1).max(Number.MAX_SAFE_INTEGER)).optional(),
});
export type LedgerQuery = z.infer<typeof LedgerQuery>;

const When = z.string();

/** An account registered from the same address, shown by name only: the address itself never leaves the server. */
export const SharedAccount = z.object({ userId: RowId, username: z.string(), banned: z.boolean() });

/** A reason a moderator should look: a stored flag (ADR 046, 052) or one the view derives (many accounts from one address). */
export const PlayerFlag = z.object({ reason: z.string(), detail: z.string(), at: When.nullable() });
export type PlayerFlag = z.infer<typeof PlayerFlag>;

export const ViewedItem = z.object({ kind: z.enum(['gear', 'core']), id: RowId, label: z.string() });
export const ViewedListing = z.object({ id: RowId, label: z.string(), price: z.int(), expiresAt: When });
export const ViewedChatLine = z.object({ id: RowId, message: z.string(), createdAt: When });
export const ViewedPing = z.object({ id: RowId, toUsername: z.string(), message: z.string(), createdAt: When });

/** GET player: what a moderator needs to judge a player, in one bounded read. */
export const PlayerView = z
  .object({
    player: PlayerSummary.extend({ exp: z.int(), telnet: z.int(), createdAt: When }),
    items: z.object({ gear: z.int(), cores: z.int(), list: z.array(ViewedItem) }),
    listings: z.array(ViewedListing),
    kernelBits: z.int(),
    chat: z.array(ViewedChatLine),
    pings: z.array(ViewedPing),
    sessions: z.object({ open: z.int(), lastSeen: When.nullable() }),
    flags: z.array(PlayerFlag),
    /** A short keyed hash of the registration address (never the address), and the other accounts made from it. */
    address: z.object({ hash: z.string(), sharedWith: z.array(SharedAccount), total: z.int() }),
  })
  .meta({ description: 'What a moderator needs to judge a player, in one bounded read.' });
export type PlayerView = z.infer<typeof PlayerView>;

export const LedgerEntry = z.object({
  id: z.int(),
  delta: z.int(),
  reason: z.string(),
  reference: z.string(),
  createdAt: When,
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;
export const LedgerPage = z.object({ entries: z.array(LedgerEntry), nextBefore: z.int().nullable() }).meta({
  description: 'A player’s Telnet ledger, newest first; pass nextBefore as `before` for the older page.',
});
export type LedgerPage = z.infer<typeof LedgerPage>;

/** What mute, unmute, ban and unban answer: the player as they are now. */
export const ActionDone = z
  .object({ player: PlayerSummary })
  .meta({ description: 'The player after a mute, unmute, ban or unban (audited).' });
export type ActionDone = z.infer<typeof ActionDone>;

/** What a rename answers: the player must choose a new username at their next sign-in. */
export const PlayerRenamed = z
  .object({ userId: RowId, username: z.string(), renameRequired: z.literal(true) })
  .meta({ description: 'The player must choose a new name before playing on; the old one stays reserved.' });
export type PlayerRenamed = z.infer<typeof PlayerRenamed>;

/** What removing a chat line answers: the line's id (gone from history and every open screen). */
export const ChatLineRemoved = z.object({ id: RowId }).meta({ description: 'The removed chat line’s id.' });
export type ChatLineRemoved = z.infer<typeof ChatLineRemoved>;

/** What clearing a Kernel region answers: how many bits went back to unowned, and the grid's version then. */
export const KernelCleared = z
  .object({ bitsCleared: z.int().min(0), version: z.int().nullable() })
  .meta({ description: 'Bits returned to unowned; version is null when the region held none of them.' });
export type KernelCleared = z.infer<typeof KernelCleared>;

/** What reversing a ledger reference answers: each player's compensating Telnet, and a sold item's fate. */
export const LedgerReversed = z
  .object({
    reference: z.string(),
    players: z.array(
      z.object({
        userId: RowId,
        /** Telnet the compensating row gave (positive) or took (negative). */
        delta: z.int(),
        /** What the balance did not hold: recorded as owed. */
        owed: z.int().min(0),
      }),
    ),
    item: z.enum(['returned', 'kept']).nullable(),
  })
  .meta({
    description:
      'Every ledger row of the reference compensated with rows of its own; item: a sold item back with its seller, kept by the buyer, or none.',
  });
export type LedgerReversed = z.infer<typeof LedgerReversed>;
