import type { ChatMessage } from '../../../core/api/chat';
import type { User } from '../../../core/api/common';
import type { GridUpdate, ServerEvent } from '../../../core/api/events';
import type { MissionStatus } from '../../../core/api/missions';
import type { PrivateMessage } from '../../../core/api/ping';
import { safetyTexts } from '../../../core/texts/safety';
import { terminalTexts } from '../../../core/texts/terminal';
import type { ToastInput } from '../../ui/toast';

/** Whether the live stream is there: 'up' means no polling is needed. */
export type SocketStatus = 'connecting' | 'up' | 'down';

export interface BackoffConfig {
  baseMs: number;
  maxMs: number;
}

/**
 * The wait before reconnect attempt `attempt` (0 = first): exponential, capped, with "equal jitter"
 * — half the step is fixed and half random — so a server restart does not get every tab back at once,
 * yet no tab hammers it with near-zero waits.
 */
export function reconnectDelayMs(attempt: number, random: () => number, config: BackoffConfig): number {
  const step = Math.min(config.maxMs, config.baseMs * 2 ** Math.max(0, attempt));
  return Math.round(step / 2 + random() * (step / 2));
}

/**
 * The attempt number after a socket closed: back to 0 when it had stayed open at least `stableMs`
 * (a healthy link that dropped), one more otherwise (it never opened, or the server keeps cutting it).
 */
export function nextAttempt(attempt: number, openForMs: number | null, stableMs: number): number {
  return openForMs !== null && openForMs >= stableMs ? 0 : attempt + 1;
}

/**
 * Stream versions: each connection numbers its events 1, 2, 3 … Anything but the next number means
 * events were missed (or repeated); the caller then refetches what the stream covers.
 */
export function trackVersion(last: number, v: number): { last: number; gap: boolean } {
  return { last: Math.max(last, v), gap: v !== last + 1 };
}

/** Close codes the server uses (src/server/realtime/hub.ts): 4001 means the session is over. */
export const sessionEndedCloseCode = 4001;

/** What to do when the socket closes: sign out after 4001, otherwise come back later. */
export function closeAction(code: number): 'sign-out' | 'reconnect' {
  return code === sessionEndedCloseCode ? 'sign-out' : 'reconnect';
}

/** One change to the query cache an event asks for; the socket provider applies it. */
export type CacheAction =
  | { kind: 'chat.append'; message: ChatMessage }
  | { kind: 'chat.remove'; id: number }
  | { kind: 'conversation.append'; partnerId: number; message: PrivateMessage }
  | { kind: 'conversations.invalidate' }
  | { kind: 'chatUnread.set'; hasUnread: boolean }
  | { kind: 'unreadDirectories.set'; usernames: string[] }
  | { kind: 'missions.set'; status: MissionStatus }
  | { kind: 'user.set'; user: User }
  | { kind: 'presence.set'; online: number[]; offline: number[] }
  /** A bought bit: painted into the Kernel canvas through the grid feed, not the query cache. */
  | { kind: 'grid.update'; update: GridUpdate }
  /** The Kernel canvas asks what changed (a new season: the answer is a reload). */
  | { kind: 'grid.resync' }
  /** Refetch every cached query whose path starts with one of these (inventory and market). */
  | { kind: 'invalidate'; prefixes: readonly string[] }
  /** A toast for something that happened elsewhere (the seller's item sold, a listing expired). */
  | { kind: 'toast'; toast: ToastInput }
  /** The victim is told at once, on any screen (an intrusion opened, their Token hacked). */
  | { kind: 'alert'; title: string; description: string }
  | { kind: 'resync' }
  | { kind: 'sign-out' };

/**
 * A screen's own events and what each does to the cache, registered with the socket layer so the
 * socket names no screen (ADR 080). The shell hands the list to the socket provider.
 */
export interface ScreenEvents {
  readonly types: readonly ServerEvent['t'][];
  actions(event: ServerEvent, meId: number): CacheAction[];
}

/** A screen's registration, typed by the events it takes. */
export function screenEvents<T extends ServerEvent['t']>(
  types: readonly T[],
  actions: (event: Extract<ServerEvent, { t: T }>, meId: number) => CacheAction[],
): ScreenEvents {
  return { types, actions: (event, meId) => actions(event as Extract<ServerEvent, { t: T }>, meId) };
}

const noOne: ReadonlySet<number> = new Set();

/**
 * What each event does to the cache (architecture.md: an event updates or invalidates the query that
 * holds the data; the client keeps no second copy). `meId` is the signed-in player. A screen that
 * registered an event decides it; the rest are the shell's own streams.
 */
export function eventActions(
  event: ServerEvent,
  meId: number,
  ignored: ReadonlySet<number> = noOne,
  screens: readonly ScreenEvents[] = [],
): CacheAction[] {
  const screen = screens.find((s) => s.types.includes(event.t));
  if (screen) return screen.actions(event, meId);
  switch (event.t) {
    case 'chat_message':
      // A line from a player this one ignores is dropped here, on every tab (ADR 056).
      if (ignored.has(event.d.userId)) return [];
      // Another player's line is unread here until the chat is seen; the server sends no second
      // frame for that (it would double the fan-out of every line).
      return event.d.userId === meId
        ? [{ kind: 'chat.append', message: event.d }]
        : [
            { kind: 'chat.append', message: event.d },
            { kind: 'chatUnread.set', hasUnread: true },
          ];
    case 'chat.removed':
      return [{ kind: 'chat.remove', id: event.d.id }];
    case 'grid_update':
      return [{ kind: 'grid.update', update: event.d }];
    // The server now sends this tab every bit bought: the canvas asks what changed before that (ADR 084).
    case 'kernel.watchStarted':
      return [{ kind: 'grid.resync' }];
    // A new Kernel season or an operator's clear: the canvas catches up (and reloads, its bits being gone), the season and archive refetch.
    case 'kernel.seasonChanged':
    case 'kernel.cleared':
      return [{ kind: 'grid.resync' }, { kind: 'invalidate', prefixes: ['/api/kernel', '/api/grid/bit'] }];
    case 'ping.messageSent': {
      const partnerId = event.d.senderId === meId ? event.d.receiverId : event.d.senderId;
      // A first message opens a new conversation, so the list of partners changes too.
      return [{ kind: 'conversation.append', partnerId, message: event.d }, { kind: 'conversations.invalidate' }];
    }
    case 'ping.unreadChanged':
      return [{ kind: 'unreadDirectories.set', usernames: event.d.usernames }];
    // The developer answered (ADR 063): Ping's system lines are refetched, and an open Ping prints it.
    case 'ping.systemLineAdded':
      return [{ kind: 'invalidate', prefixes: ['/api/directories/system'] }];
    case 'chat.unreadChanged':
      return [{ kind: 'chatUnread.set', hasUnread: event.d.hasUnread }];
    case 'missions.statusChanged':
      return [{ kind: 'missions.set', status: event.d }];
    case 'user.updated':
      // Another player's stats never belong in this tab's user (a socket outliving its session).
      return event.d.id === meId ? [{ kind: 'user.set', user: event.d }] : [];
    case 'presence.changed':
      return [{ kind: 'presence.set', online: event.d.online, offline: event.d.offline }];
    case 'market.listingCreated':
    case 'market.listingSold':
    case 'market.listingRemoved':
    case 'market.listingExpired':
    case 'inventory.changed':
      // The data-exchange screen registers these (market-events.ts); without it they change nothing.
      return [];
    case 'session.ended':
      return [{ kind: 'sign-out' }];
    case 'stream.interrupted':
      return [{ kind: 'resync' }];
    // The optimizer and drone screens and the harvest watcher refetch what the server changed.
    case 'optimizer.ready':
      return [{ kind: 'invalidate', prefixes: ['/api/optimizer'] }];
    case 'drone.stepped':
    case 'drone.finished':
      return [{ kind: 'invalidate', prefixes: ['/api/drone'] }];
    case 'blockchain.attempted':
    case 'blockchain.cracked':
    case 'blockchain.defeated':
    case 'blockchain.spawned':
      // The Blockchain screen refetches the boss (its own EXP cost) and the last-defeated record.
      return [{ kind: 'invalidate', prefixes: ['/api/blockchain/'] }];
    case 'terminal.intrusionStarted':
      return [
        { kind: 'invalidate', prefixes: ['/api/filesystem/status'] },
        {
          kind: 'alert',
          title: terminalTexts.alertTitle,
          description: terminalTexts.intrusionStarted(event.d.attackerUsername),
        },
      ];
    case 'terminal.intrusionEnded':
      return [{ kind: 'invalidate', prefixes: ['/api/filesystem/status'] }];
    case 'terminal.hacked':
      // The Terminal's status (attack history, intrusion log) is refetched where it is shown.
      // The victim's Ping holds a new system line (written with the hack), so its list is refetched too.
      return event.d.victimId === meId
        ? [
            { kind: 'invalidate', prefixes: ['/api/filesystem/status', '/api/directories/system'] },
            {
              kind: 'alert',
              title: terminalTexts.hackedTitle,
              description: terminalTexts.youWereHacked(event.d.attackerUsername, event.d.telnetStolen),
            },
          ]
        : [{ kind: 'invalidate', prefixes: ['/api/filesystem/status'] }];
    case 'terminal.ignoredIntrusion':
      return [
        { kind: 'invalidate', prefixes: ['/api/filesystem/status'] },
        {
          kind: 'alert',
          title: terminalTexts.alertTitle,
          description: safetyTexts.ignoredIntrusion.replace('{n}', String(event.d.windowMinutes)),
        },
      ];
    case 'ignores.changed':
      // The list changed on another tab or device: it and every history it filters are read again.
      return [{ kind: 'invalidate', prefixes: ['/api/ignores', '/api/chat/', '/api/directories/'] }];
    case 'virus.purchaseUpdated':
      // The Virus screen's history and limit (a webhook fulfilled or reversed a purchase).
      return [{ kind: 'invalidate', prefixes: ['/api/virus/'] }];
  }
}

/** The progress fields the tap queue predicts (spec §4); see mergeUserUpdate. */
type ProgressFields = Pick<User, 'level' | 'currentExp' | 'maxExp' | 'totalTaps'>;

/**
 * A pushed user meets the cached one. While decodes are still on their way to the server, the push may
 * already count some of them and the tap runner would count them again when it reconciles; so the
 * cached progress is kept and only the rest (Telnet, combat stats) is taken. The batch answer brings
 * the progress a moment later, through the one reconcile rule (spec §4 stats refresh).
 */
export function mergeUserUpdate<U extends ProgressFields>(
  cached: U | null | undefined,
  incoming: U,
  decodesInFlight: boolean,
): U {
  if (!cached || !decodesInFlight) return incoming;
  return {
    ...incoming,
    level: cached.level,
    currentExp: cached.currentExp,
    maxExp: cached.maxExp,
    totalTaps: cached.totalTaps,
  };
}

/** The socket's address on this page's host (spec §7: /ws on the same host). */
export function socketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/**
 * A directory user list after one presence batch (who came online, who went offline).
 * `unlisted` is true when someone who came online is not in the list: the caller refetches it
 * rather than guess where they belong.
 */
export function withPresence<U extends { id: number; isOnline: boolean }>(
  users: U[] | undefined,
  batch: { online: readonly number[]; offline: readonly number[] },
): { users: U[] | undefined; unlisted: boolean } {
  if (!users) return { users, unlisted: false };
  const changes = new Map<number, boolean>([
    ...batch.offline.map((id) => [id, false] as const),
    ...batch.online.map((id) => [id, true] as const),
  ]);
  let next: U[] | null = null;
  const listed = new Set<number>();
  users.forEach((user, index) => {
    const isOnline = changes.get(user.id);
    if (isOnline === undefined) return;
    listed.add(user.id);
    if (user.isOnline === isOnline) return;
    next ??= users.slice();
    next[index] = { ...user, isOnline };
  });
  return { users: next ?? users, unlisted: batch.online.some((id) => !listed.has(id)) };
}
