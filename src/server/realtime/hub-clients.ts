import type { WebSocket } from 'ws';
import type { BusMessage } from './bus';
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

/** Who is connected to this instance: sockets by player, by session, and those watching presence. */
export function createClientRegistry() {
  const byUser = new Map<number, Set<Client>>();
  const bySession = new Map<string, Set<Client>>();
  // Sockets whose tab shows who is online (they sent presence.watch).
  const presenceWatchers = new Set<Client>();

  return {
    byUser,
    bySession,
    presenceWatchers,

    /** Adds a socket; true when it is the player's first on this instance (they came online here). */
    add(client: Client): boolean {
      add(bySession, client.sessionId, client);
      return add(byUser, client.userId, client);
    },

    /** Removes a socket; true when it was the player's last on this instance. */
    remove(client: Client): boolean {
      presenceWatchers.delete(client);
      remove(bySession, client.sessionId, client);
      return remove(byUser, client.userId, client);
    },

    /** The sockets a bus message is for. */
    targets(message: BusMessage): Iterable<Client> {
      const { audience } = message;
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
      presenceWatchers: presenceWatchers.size,
    }),
  };
}

export type ClientRegistry = ReturnType<typeof createClientRegistry>;
