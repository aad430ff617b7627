import { z } from 'zod';
import { BlockchainAttempted, BlockchainCracked, BlockchainSpawned, LastDefeated } from './blockchain';
import { ChatMessage, ChatUnread } from './chat';
import { User } from './common';
import { ItemKind } from '../items';
import { AttackRecord } from './filesystem';
import { Listing } from './market';
import { MissionStatus } from './missions';
import { PingSystemLine, PrivateMessage, UnreadDirectories } from './ping';
import { PurchaseStatus } from './virus';

/** spec §3/§7 grid square, as grid_update carries it (the Kernel's contract will reuse this one). */
export const GridSquare = z.object({
  x: z.int().min(0),
  y: z.int().min(0),
  ownerId: z.int(),
  ownerUsername: z.string(),
  colorR: z.int().min(0).max(255),
  colorG: z.int().min(0).max(255),
  colorB: z.int().min(0).max(255),
});
export type GridSquare = z.infer<typeof GridSquare>;

/**
 * grid_update: the spec's square plus the grid version it made (1 per purchase), so a client sees a gap.
 * Sent only to sockets whose tab shows the Kernel (kernel.watch, ADR 084).
 */
export const GridUpdate = GridSquare.extend({ version: z.int().min(1) });
export type GridUpdate = z.infer<typeof GridUpdate>;

/** Why a player's items changed (inventory.changed): the screens refetch; the reason is for the log and tests. */
export const InventoryChangeReason = z.enum([
  'drop',
  'equip',
  'destroy',
  'core-open',
  'market-listed',
  'market-bought',
  'market-sold',
  'market-returned',
  'operator-grant',
  'virus-purchase',
  'virus-reversal',
  'operator-reversal',
]);
export type InventoryChangeReason = z.infer<typeof InventoryChangeReason>;

/** A listing left the market by a sale: to every socket (the market is public); the seller is told it sold. */
export const ListingSold = z.object({
  listingId: z.int(),
  sellerId: z.int(),
  buyerId: z.int(),
  itemType: ItemKind,
  itemName: z.string(),
  price: z.int(),
  /** What the market burned as 'market-fee' (rules/market.ts saleFee). */
  fee: z.int(),
});
export type ListingSold = z.infer<typeof ListingSold>;

/** A listing left the market without a sale (removed by its seller, or expired and returned by the jobs runner). */
export const ListingClosed = z.object({ listingId: z.int(), sellerId: z.int(), itemName: z.string() });
export type ListingClosed = z.infer<typeof ListingClosed>;

/** Why a session's sockets close: signed out, banned, or found gone by the hub's periodic check. */
export const SessionEndReason = z.enum(['logout', 'banned', 'expired']);

/**
 * The stream version: 1 for the first frame a socket receives, +1 for each after; a gap means a missed event.
 * Events that arrive together in one stream.batch frame share the frame's version.
 */
const StreamVersion = z.int().min(1);

const envelope = <T extends string, D extends z.ZodType>(t: T, d: D) =>
  z.object({ t: z.literal(t), d, v: StreamVersion });

/**
 * Every message the server sends on /ws: one envelope { t, d, v }. chat_message and grid_update are
 * the spec's names (§7); the rest follow <feature>.<pastTense>. Each carries what the client needs to
 * update its screen without polling; on a gap in v or a reconnect the client refetches instead.
 */
export const ServerEvent = z.discriminatedUnion('t', [
  envelope('chat_message', ChatMessage),
  envelope('grid_update', GridUpdate),
  /** A Kernel season ended (ADR 053): every bit is free again from `startVersion`; the canvas reloads and the archive has `ended`. */
  envelope(
    'kernel.seasonChanged',
    z.object({ ended: z.int().min(1), season: z.int().min(2), startVersion: z.int().min(1) }),
  ),
  /** An operator freed a Kernel region's bits (ADR 060): the canvas catches up, which reloads it. */
  envelope('kernel.cleared', z.object({ version: z.int().min(1) })),
  /**
   * To one socket, once the hub counts it among the Kernel's watchers (kernel.watch): from here on it gets
   * every grid_update, so the canvas asks what changed since its version and misses nothing (ADR 084).
   */
  envelope('kernel.watchStarted', z.object({})),
  /** A private message, to its sender's and receiver's tabs. */
  envelope('ping.messageSent', PrivateMessage),
  /** The receiver's new unread list (usernames), as GET /api/directories/unread answers it. */
  envelope('ping.unreadChanged', z.object({ usernames: UnreadDirectories })),
  /** A system line written into this player's Ping (the developer's answer, ADR 063). */
  envelope('ping.systemLineAdded', PingSystemLine),
  envelope('chat.unreadChanged', ChatUnread),
  /** A moderator removed a chat line (ADR 060): every open chat drops it. */
  envelope('chat.removed', z.object({ id: z.int().min(1) })),
  envelope('missions.statusChanged', MissionStatus),
  /** The player's own stats after the server changed them (decodes, rewards). */
  envelope('user.updated', User),
  /** Data Exchange, to every socket: a new listing, a sale, a removal, an expiry. */
  envelope('market.listingCreated', Listing),
  envelope('market.listingSold', ListingSold),
  envelope('market.listingRemoved', ListingClosed),
  envelope('market.listingExpired', ListingClosed),
  /** To the owner's sockets only: their gear or cores changed outside this tab (a sale, a purchase, a return, a grant). */
  envelope('inventory.changed', z.object({ reason: InventoryChangeReason })),
  /**
   * Who came online and who went offline, batched (at most one frame per presenceFlushMs)
   * and sent only to sockets that asked for presence (presence.watch) because their tab shows it.
   */
  envelope('presence.changed', z.object({ online: z.array(z.int()), offline: z.array(z.int()) })),
  /** Sent just before the server closes the socket: the tab signs out. */
  envelope('session.ended', z.object({ reason: SessionEndReason })),
  /**
   * Events from other server instances may have been missed (the bus between them was down): the
   * client refetches what the stream covers, exactly as after a gap in v or a reconnect.
   */
  envelope('stream.interrupted', z.object({})),
  /** To the owner's sockets: their optimizer upgrade's time is up and it was collected by the server. */
  envelope('optimizer.ready', z.object({ level: z.int(), connectionRate: z.number() })),
  /** To the owner's sockets: a drone run finished; its harvest waits for POST /api/drone/harvest. */
  envelope('drone.finished', z.object({ runId: z.int() })),
  /** To the owner's sockets: a drone step ran (the run's progress moved). */
  envelope('drone.stepped', z.object({ runId: z.int(), clicksDone: z.int(), clicksTotal: z.int() })),
  /** Blockchain, to every socket: a guess, a crack, the defeat with its rewards, a new boss. Never the code. */
  envelope('blockchain.attempted', BlockchainAttempted),
  envelope('blockchain.cracked', BlockchainCracked),
  envelope('blockchain.defeated', LastDefeated),
  envelope('blockchain.spawned', BlockchainSpawned),
  /** Terminal, to the victim's sockets: someone opened an intrusion into their file system. */
  envelope(
    'terminal.intrusionStarted',
    z.object({ intrusionId: z.int(), attackerUsername: z.string(), expiresAt: z.iso.datetime() }),
  ),
  /**
   * Terminal, to the victim's sockets: a player they ignore opened an intrusion. Not named, and at most one
   * such alert per window for all the players they ignore together (ADR 056).
   */
  envelope('terminal.ignoredIntrusion', z.object({ windowMinutes: z.int() })),
  /** To the player's own sockets: their ignore list changed on some tab; lists and filtered histories refetch. */
  envelope('ignores.changed', z.object({})),
  /** To the attacker and the victim: an intrusion ended (hacked, expired on the server's clock, or exited). */
  envelope(
    'terminal.intrusionEnded',
    z.object({
      intrusionId: z.int(),
      outcome: z.enum(['hacked', 'expired', 'exited']),
      attackerUsername: z.string(),
      victimUsername: z.string(),
    }),
  ),
  /** To the victim and the attacker: a Token was hacked (the victim's notification on any screen). */
  envelope('terminal.hacked', AttackRecord.omit({ type: true }).extend({ attackerId: z.int(), victimId: z.int() })),
  /** To the buyer's sockets: a Virus purchase changed (fulfilled by the webhook, refunded, disputed); the screen refetches its history. */
  envelope('virus.purchaseUpdated', z.object({ purchaseId: z.int(), status: PurchaseStatus })),
]);
export type ServerEvent = z.infer<typeof ServerEvent>;
export type EventType = ServerEvent['t'];

type WithoutVersion<E> = E extends unknown ? Omit<E, 'v'> : never;
/** An event before the hub stamps it with a socket's stream version: what travels on the bus. */
export type EventBody = WithoutVersion<ServerEvent>;
/** The data of one event type. */
export type EventData<T extends EventType> = Extract<ServerEvent, { t: T }>['d'];

// Derived from ServerEvent so the two never drift; zod cannot type a mapped option list, hence the cast.
export const EventBody = z.discriminatedUnion(
  't',
  ServerEvent.options.map((option) => option.omit({ v: true })) as never,
) as unknown as z.ZodType<EventBody>;

/**
 * Several events for one socket in one frame: `{ t: 'stream.batch', d: [{ t, d }, …], v }`, in publish order.
 * The hub sends it when events for the socket follow each other within infra.socketCoalesceMs (ADR 084); a
 * lone event keeps its own envelope. parseServerFrame reads both, so the client has one path for each.
 */
export const StreamBatch = z.object({ t: z.literal('stream.batch'), d: z.array(EventBody).min(1), v: StreamVersion });

/** What a screen can watch: the events only it shows go to the sockets of tabs that show it. */
export const WatchTopic = z.enum(['presence', 'kernel']);
export type WatchTopic = z.infer<typeof WatchTopic>;

const watchMessage = <T extends `${WatchTopic}.watch`>(t: T) =>
  z.strictObject({ t: z.literal(t), d: z.strictObject({ watching: z.boolean() }) });

/**
 * Messages a client may send: a heartbeat that tells the server the tab is still there, and a watch, sent
 * when the first screen showing a topic mounts and the last one unmounts (and again after each reconnect):
 * only sockets watching presence receive presence.changed (ADR 038), only those watching the Kernel
 * grid_update (ADR 084).
 */
export const ClientMessage = z.discriminatedUnion('t', [
  z.strictObject({ t: z.literal('heartbeat') }),
  watchMessage('presence.watch'),
  watchMessage('kernel.watch'),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

const unparsable = Symbol('unparsable');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return unparsable;
  }
}

function parseWith<T>(schema: z.ZodType<T>, raw: unknown): T | null {
  const value = typeof raw === 'string' ? parseJson(raw) : raw;
  if (value === unparsable) return null;
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}

/** Parses one server frame (text or already-parsed JSON); null for anything that is not a known event. */
export function parseServerEvent(raw: unknown): ServerEvent | null {
  return parseWith(ServerEvent, raw);
}

/** One server frame: its stream version and the events it carries, each stamped with that version. */
export interface ServerFrame {
  v: number;
  events: ServerEvent[];
}

/**
 * Parses one server frame, a lone event or a stream.batch, into its events; null if any part of it is not a
 * known event (the frame is then dropped whole, and the gap in versions it leaves makes the client refetch).
 */
export function parseServerFrame(raw: unknown): ServerFrame | null {
  const value = typeof raw === 'string' ? parseJson(raw) : raw;
  if (value === unparsable) return null;
  if ((value as { t?: unknown } | null)?.t === 'stream.batch') {
    const batch = StreamBatch.safeParse(value);
    if (!batch.success) return null;
    const { v } = batch.data;
    return { v, events: batch.data.d.map((event) => ({ ...event, v }) as ServerEvent) };
  }
  const event = parseWith(ServerEvent, value);
  return event ? { v: event.v, events: [event] } : null;
}

/** Parses an event body (no stream version), as the bus carries it between instances; null if it does not fit. */
export function parseEventBody(raw: unknown): EventBody | null {
  return parseWith(EventBody, raw);
}

/** Parses one client frame; null for anything outside the closed vocabulary. */
export function parseClientMessage(raw: unknown): ClientMessage | null {
  return parseWith(ClientMessage, raw);
}
