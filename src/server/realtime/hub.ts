import type { WebSocket, RawData } from 'ws';
import { parseClientMessage } from '../../core/api/events';
import { balance } from '../../core/balance';
import type { AuthContext } from '../player/auth-context';
import type { EventType } from '../../core/api/events';
import type { Bus, BusLogger, BusMessage } from './bus';
import { createDeliveryQueue, type Delivery } from './delivery-queue';
import type { Presence } from './presence';
import { createPresenceBatcher, type PresenceBatch } from './presence-batcher';
import { capCloseReasons, createSocketCaps, type SocketPlace } from './socket-caps';
import type { SharedLeases } from './socket-leases';

export interface HubLimits {
  messagesPerWindow: number;
  messageWindowMs: number;
  sendBufferMaxBytes: number;
  heartbeatMs: number;
  sessionRecheckMs: number;
  /** Open sockets per session and per client address, over every worker and instance (defaults: balance). */
  socketsPerSession?: number;
  socketsPerAddress?: number;
  /** Socket upgrades per client address per window (defaults: balance). */
  upgradesPerAddress?: number;
  upgradeWindowMs?: number;
  /** Presence changes are batched: at most one presence frame per watching socket per this long (default: balance). */
  presenceFlushMs?: number;
  /** Frames sent per turn of the event loop before the hub yields (default: balance). */
  deliverySlice?: number;
  /** Frames waiting for delivery before the queue is replaced by the stream's interruption (default: balance). */
  deliveryQueueMaxFrames?: number;
}

/** Told when an event has been handed to every socket it was for: its type, how many sockets, its data. */
export type DeliveryListener = (t: EventType, sockets: number, data: unknown) => void;

export interface HubDeps {
  bus: Bus;
  presence: Presence;
  log: BusLogger;
  now: () => number;
  limits: HubLimits;
  /** Where open sockets are counted for every worker and instance (ADR 045); null or absent when alone. */
  leases?: SharedLeases | null;
  /** This instance, in its lease ids. */
  instanceId?: string;
}

interface Client {
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

// Close codes the client can tell apart: 4001 means sign out, the others mean reconnect.
export const closeCodes = { sessionEnded: 4001, rateLimited: 4008, tooManySockets: 4009, goingAway: 1001 } as const;

/**
 * The sockets of this instance: who is connected, and delivery of bus events to them. Each socket
 * gets its own stream version; a socket that cannot keep up is cut rather than buffered without
 * bound, and one that sends too much or stops answering pings is closed.
 */
export function createHub(deps: HubDeps) {
  const byUser = new Map<number, Set<Client>>();
  const bySession = new Map<string, Set<Client>>();
  const caps = createSocketCaps({
    limits: deps.limits,
    leases: deps.leases ?? null,
    instanceId: deps.instanceId ?? 'alone',
    log: deps.log,
  });
  // Sockets whose tab shows who is online (they sent presence.watch).
  const presenceWatchers = new Set<Client>();
  const deliveryListeners = new Set<DeliveryListener>();
  // Presence writes for one player run in order, so a quick reconnect cannot leave them offline.
  const presenceChains = new Map<number, Promise<void>>();
  let stopping = false;
  let stopped: Promise<void> | undefined;

  function inPresenceOrder(userId: number, run: () => Promise<void>): Promise<void> {
    const next = (presenceChains.get(userId) ?? Promise.resolve())
      .then(run)
      .catch((error: unknown) => deps.log.warn({ err: error, userId }, 'presence update failed'));
    presenceChains.set(userId, next);
    void next.then(() => {
      if (presenceChains.get(userId) === next) presenceChains.delete(userId);
    });
    return next;
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

  function sendFrame(client: Client, prefix: string): boolean {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return false;
    if (socket.bufferedAmount > deps.limits.sendBufferMaxBytes) {
      // A stalled reader: cut it now; it reconnects and refetches, memory stays bounded.
      deps.log.warn({ userId: client.userId, buffered: socket.bufferedAmount }, 'socket send buffer full; closing');
      socket.terminate();
      return false;
    }
    client.v += 1;
    socket.send(`${prefix}${client.v}}`);
    return true;
  }

  function targets(message: BusMessage): Iterable<Client> {
    const { audience } = message;
    if (audience.kind === 'session') return bySession.get(audience.sessionId) ?? [];
    if (audience.kind === 'users')
      return new Set([...new Set(audience.userIds)].flatMap((id) => [...(byUser.get(id) ?? [])]));
    const except = new Set(audience.exceptUserIds ?? []);
    return [...byUser].flatMap(([userId, clients]) => (except.has(userId) ? [] : [...clients]));
  }

  // Deliveries run in slices, one event after another (delivery-queue.ts); the frame is built once
  // per event, only the stream version differs per socket.
  const deliverySlice = deps.limits.deliverySlice ?? balance.socketDeliverySlice;
  const deliveries = createDeliveryQueue<Client>({
    sliceSize: deliverySlice,
    later: (run) => setImmediate(run),
    send: sendFrame,
    maxPendingFrames: deps.limits.deliveryQueueMaxFrames ?? balance.socketDeliveryQueueMaxFrames,
    interruption: (targets) => ({
      label: 'stream.interrupted',
      frame: `{"t":"stream.interrupted","d":{},"v":`,
      targets,
    }),
    onOverflow: (droppedEvents, sockets) =>
      deps.log.warn({ droppedEvents, sockets }, 'socket delivery queue full; sent stream.interrupted instead'),
    onDone: (done: Delivery<Client>) =>
      deliveryListeners.forEach((listener) => listener(done.label as EventType, done.targets.length, done.data)),
  });

  function enqueue(t: EventType, d: unknown, targets: Client[]): void {
    if (targets.length === 0) return;
    const frame = `{"t":${JSON.stringify(t)},"d":${JSON.stringify(d)},"v":`;
    const after =
      t === 'session.ended'
        ? (client: Client) => client.socket.close(closeCodes.sessionEnded, 'session ended')
        : undefined;
    deliveries.enqueue({ label: t, data: d, frame, targets, ...(after ? { after } : {}) });
  }

  // Presence goes out batched, and only to the sockets of tabs that show it (ADR 010 coalesced it
  // per player; ADR 038 measured 2,000 joins still sending ~22,000 frames to tabs that showed none).
  // Paced on the real clock: it is delivery pacing, not game time.
  const presenceBatches = createPresenceBatcher({
    flushMs: deps.limits.presenceFlushMs ?? balance.presenceFlushMs,
    setTimer: (run, ms) => setTimeout(run, ms).unref(),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    flush: (batch: PresenceBatch) => enqueue('presence.changed', batch, [...presenceWatchers]),
  });

  function deliver(message: BusMessage): void {
    if (message.event.t === 'presence.changed') presenceBatches.change(message.event.d);
    else deliverNow(message);
  }

  function deliverNow(message: BusMessage): void {
    enqueue(message.event.t, message.event.d, [...targets(message)]);
  }

  function onMessage(client: Client, data: RawData, isBinary: boolean): void {
    const now = deps.now();
    if (now - client.windowStartMs >= deps.limits.messageWindowMs) {
      client.windowStartMs = now;
      client.messagesInWindow = 0;
    }
    client.messagesInWindow += 1;
    if (client.messagesInWindow > deps.limits.messagesPerWindow) {
      client.socket.close(closeCodes.rateLimited, 'too many messages');
      return;
    }
    const message = isBinary ? null : parseClientMessage(data.toString());
    if (!message) {
      deps.log.info({ userId: client.userId }, 'dropped a socket message that does not parse');
      return;
    }
    if (message.t === 'heartbeat') client.alive = true;
    // The tab shows who is online (or stopped showing it): only watchers get presence.changed.
    else if (message.t === 'presence.watch') {
      if (message.d.watching) presenceWatchers.add(client);
      else presenceWatchers.delete(client);
    }
  }

  function onClose(client: Client): void {
    presenceWatchers.delete(client);
    remove(bySession, client.sessionId, client);
    caps.release(client.place);
    const last = remove(byUser, client.userId, client);
    if (last && !stopping) void inPresenceOrder(client.userId, () => deps.presence.disconnected(client.userId));
  }

  async function recheckSessions(): Promise<void> {
    // Judge only the sessions that were asked about: a socket that attaches while the query is in
    // flight is not in its answer, and must not be taken for an expired session.
    const checked = [...bySession.keys()];
    const live = await deps.presence.liveSessionIds(checked, new Date(deps.now()));
    for (const sessionId of checked) {
      if (live.has(sessionId) || !bySession.has(sessionId)) continue;
      deliverNow({ audience: { kind: 'session', sessionId }, event: { t: 'session.ended', d: { reason: 'expired' } } });
    }
  }

  let ticks = 0;
  const recheckEvery = Math.max(1, Math.round(deps.limits.sessionRecheckMs / deps.limits.heartbeatMs));
  // The ping sweep runs in the deliveries' slices too: pinging 2,000 sockets in one turn held the
  // event loop for tens of milliseconds (measured by the realtime bench), delaying every request.
  function sweep(clients: Client[], from: number): void {
    const end = Math.min(clients.length, from + deliverySlice);
    for (let i = from; i < end; i++) {
      const client = clients[i]!;
      if (client.socket.readyState !== client.socket.OPEN) continue;
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
    if (end < clients.length) setImmediate(() => sweep(clients, end));
  }
  const timer = setInterval(() => {
    sweep(
      [...byUser.values()].flatMap((clients) => [...clients]),
      0,
    );
    caps.refresh();
    deps.presence
      .heartbeat([...byUser.keys()])
      .catch((error: unknown) => deps.log.warn({ err: error }, 'presence heartbeat failed'));
    ticks += 1;
    if (ticks % recheckEvery === 0)
      recheckSessions().catch((error: unknown) => deps.log.warn({ err: error }, 'session recheck failed'));
  }, deps.limits.heartbeatMs);
  timer.unref();

  const unsubscribe = deps.bus.subscribe(deliver);

  return {
    refusal: caps.refusal,
    upgradeLimit: {
      perAddress: deps.limits.upgradesPerAddress ?? balance.socketUpgradesPerAddress,
      windowMs: deps.limits.upgradeWindowMs ?? balance.socketUpgradeWindowMs,
    },

    /** Takes over an authenticated, origin-checked socket (`address`: the client's, as TRUST_PROXY allows). */
    attach(socket: WebSocket, auth: AuthContext, address = 'unknown'): void {
      if (stopping) {
        socket.close(closeCodes.goingAway, 'server shutting down');
        return;
      }
      // Taken here, not at the HTTP check: upgrades racing past it still meet the caps. A cap that is
      // full on another worker or instance is learnt a round trip later, and the socket closes then.
      const admitted = caps.admit(auth.sessionId, address);
      if ('refused' in admitted) {
        socket.close(closeCodes.tooManySockets, capCloseReasons[admitted.refused]);
        return;
      }
      void admitted.shared.then(
        (refused) => refused && socket.close(closeCodes.tooManySockets, capCloseReasons[refused]),
      );
      const client: Client = {
        socket,
        userId: auth.user.id,
        sessionId: auth.sessionId,
        place: admitted.place,
        v: 0,
        windowStartMs: deps.now(),
        messagesInWindow: 0,
        alive: true,
      };
      add(bySession, client.sessionId, client);
      if (add(byUser, client.userId, client))
        void inPresenceOrder(client.userId, () => deps.presence.connected(client.userId));
      socket.on('message', (data, isBinary) => onMessage(client, data, isBinary));
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => onClose(client));
    },

    /** Ends the sockets of sessions that are no longer live (the timer runs it every sessionRecheckMs). */
    recheckSessions,

    /** Sockets and players connected to this instance, and the sockets watching presence. */
    stats: () => ({
      sockets: [...byUser.values()].reduce((n, s) => n + s.size, 0),
      users: byUser.size,
      presenceWatchers: presenceWatchers.size,
    }),

    /** Settles once every presence write queued so far has run (tests wait on it). */
    settled: () => Promise.all([...presenceChains.values()]).then(() => undefined),

    /** Settles once every event queued for delivery so far has reached its sockets. */
    drained: () => deliveries.drained(),

    /** Calls `listener` each time an event has reached all its sockets (the bench and metrics); returns the unsubscribe. */
    onDelivered(listener: DeliveryListener): () => void {
      deliveryListeners.add(listener);
      return () => deliveryListeners.delete(listener);
    },

    /** Closes every socket and takes this instance's players offline (once, however often it is called). */
    stop(): Promise<void> {
      stopped ??= (async () => {
        stopping = true;
        clearInterval(timer);
        presenceBatches.stop();
        unsubscribe();
        deliveries.clear();
        for (const clients of byUser.values())
          for (const client of clients) client.socket.close(closeCodes.goingAway, 'server shutting down');
        await caps.releaseAll();
        await Promise.all([...presenceChains.values()]);
        await deps.presence.stop().catch((error: unknown) => deps.log.warn({ err: error }, 'presence cleanup failed'));
      })();
      return stopped;
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
