import type { WebSocket } from 'ws';
import type { EventType, WatchTopic } from '../../core/api/events';
import type { Audience, BusMessage } from './bus';
import type { SocketPlace } from './socket-caps';

/** One open socket of this instance, as the hub tracks it. */
export interface Client {
  socket: WebSocket;
  userId: number;
  sessionId: string;
  place: SocketPlace;
  /** Stream version of the last event sent to this socket. */
  v: number;
  windowStartMs: number;
  messagesInWindow: number;
  alive: boolean;
}

function add<K>(map: Map<K, Set<Client>>, key: K, client: Client): boolean {
  const set = map.get(key) ?? new Set<Client>();
  map.set(key, set);
  set.add(client);
  return set.size === 1;
}

function remove<K>(map: Map<K, Set<Client>>, key: K, client: Client): boolean {
  const set = map.get(key);
  if (!set?.delete(client)) return false;
  if (set.size === 0) map.delete(key);
  return set.size === 0;
}

/**
 * Events only one screen shows, published to everyone: they go only to the sockets whose tab shows it. Presence
 * (ADR 038) is batched before it goes out; the Kernel's bits (ADR 084) were 11 frames a second to every socket
 * in the 2,000-player soak, for the few tabs that show the Kernel. The Kernel's season and clear events stay
 * for everyone: they are rare and refresh caches (the archive, the season) that other screens keep.
 */
const watchedEvents: Partial<Record<EventType, WatchTopic>> = { 'presence.changed': 'presence', grid_update: 'kernel' };

function isInAudience(audience: Audience, client: Client): boolean {
  if (audience.kind === 'session') return audience.sessionId === client.sessionId;
  if (audience.kind === 'users') return audience.userIds.includes(client.userId);
  return !audience.exceptUserIds?.includes(client.userId);
}

/** Who is connected to this instance: sockets by player, by session, and those watching a topic. */
export function createClientRegistry() {
  const byUser = new Map<number, Set<Client>>();
  const bySession = new Map<string, Set<Client>>();
  // Sockets whose tab shows a topic (they sent <topic>.watch).
  const watchers: Record<WatchTopic, Set<Client>> = { presence: new Set(), kernel: new Set() };

  return {
    byUser,
    bySession,
    watchers,

    /** Adds a socket; true when it is the player's first on this instance (they came online here). */
    add(client: Client): boolean {
      add(bySession, client.sessionId, client);
      return add(byUser, client.userId, client);
    },

    /** Removes a socket; true when it was the player's last on this instance. */
    remove(client: Client): boolean {
      for (const set of Object.values(watchers)) set.delete(client);
      remove(bySession, client.sessionId, client);
      return remove(byUser, client.userId, client);
    },

    /** The sockets a bus message is for. */
    targets(message: BusMessage): Iterable<Client> {
      const { audience } = message;
      const topic = watchedEvents[message.event.t];
      if (topic) return [...watchers[topic]].filter((client) => isInAudience(audience, client));
      if (audience.kind === 'session') return bySession.get(audience.sessionId) ?? [];
      if (audience.kind === 'users')
        return new Set([...new Set(audience.userIds)].flatMap((id) => [...(byUser.get(id) ?? [])]));
      const except = new Set(audience.exceptUserIds ?? []);
      return [...byUser].flatMap(([userId, clients]) => (except.has(userId) ? [] : [...clients]));
    },

    all: (): Client[] => [...byUser.values()].flatMap((clients) => [...clients]),

    stats: () => ({
      sockets: [...byUser.values()].reduce((n, s) => n + s.size, 0),
      users: byUser.size,
      presenceWatchers: watchers.presence.size,
      kernelWatchers: watchers.kernel.size,
    }),
  };
}

export type ClientRegistry = ReturnType<typeof createClientRegistry>;
