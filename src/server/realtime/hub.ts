import type { WebSocket } from 'ws';
import type { WatchTopic } from '../../core/api/events';
import { infra } from '../../core/infra';
import type { AuthContext } from '../player/auth-context';
import type { Bus, BusLogger } from './bus';
import { createClientRegistry, type Client } from './hub-clients';
import { createHubDelivery } from './hub-delivery';
import { recheckSessions, startHeartbeat } from './hub-heartbeat';
import { onClientMessage } from './hub-messages';
import type { Presence } from './presence';
import { capCloseReasons, createSocketCaps } from './socket-caps';
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
  /** Events for a socket within this long of its last frame share one frame; 0 sends each alone (default: infra, ADR 084). */
  coalesceMs?: number;
  /** Frames sent per turn of the event loop before the hub yields (default: balance). */
  deliverySlice?: number;
  /** Frames waiting for delivery before the queue is replaced by the stream's interruption (default: balance). */
  deliveryQueueMaxFrames?: number;
}

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

// Close codes the client can tell apart: 4001 means sign out, the others mean reconnect.
export const closeCodes = { sessionEnded: 4001, rateLimited: 4008, tooManySockets: 4009, goingAway: 1001 } as const;

/**
 * The sockets of this instance: who is connected, and delivery of bus events to them. Each socket
 * gets its own stream version; a socket that cannot keep up is cut rather than buffered without
 * bound, and one that sends too much or stops answering pings is closed.
 */
export function createHub(deps: HubDeps) {
  const clients = createClientRegistry();
  const caps = createSocketCaps({
    limits: deps.limits,
    leases: deps.leases ?? null,
    instanceId: deps.instanceId ?? 'alone',
    log: deps.log,
  });
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

  const deliverySlice = deps.limits.deliverySlice ?? infra.socketDeliverySlice;
  const delivery = createHubDelivery({
    clients,
    log: deps.log,
    limits: deps.limits,
    deliverySlice,
    ...(deps.limits.deliveryQueueMaxFrames !== undefined
      ? { deliveryQueueMaxFrames: deps.limits.deliveryQueueMaxFrames }
      : {}),
    ...(deps.limits.presenceFlushMs !== undefined ? { presenceFlushMs: deps.limits.presenceFlushMs } : {}),
    ...(deps.limits.coalesceMs !== undefined ? { coalesceMs: deps.limits.coalesceMs } : {}),
    afterSessionEnded: (client) => client.socket.close(closeCodes.sessionEnded, 'session ended'),
  });
  const messages = {
    log: deps.log,
    now: deps.now,
    limits: deps.limits,
    watchers: clients.watchers,
    // Presence has no acknowledgement: the Ping list is refetched on mount and corrected by the next batch (ADR 038).
    onWatchStarted(client: Client, topic: WatchTopic): void {
      if (topic === 'kernel') delivery.deliverTo(client, { t: 'kernel.watchStarted', d: {} });
    },
    rateLimitedCloseCode: closeCodes.rateLimited,
  };

  function onClose(client: Client): void {
    caps.release(client.place);
    const last = clients.remove(client);
    if (last && !stopping) void inPresenceOrder(client.userId, () => deps.presence.disconnected(client.userId));
  }

  const heartbeat = {
    clients,
    presence: deps.presence,
    log: deps.log,
    now: deps.now,
    heartbeatMs: deps.limits.heartbeatMs,
    sessionRecheckMs: deps.limits.sessionRecheckMs,
    deliverySlice,
    refreshCaps: () => caps.refresh(),
    deliverNow: delivery.deliverNow,
  };
  const timer = startHeartbeat(heartbeat);
  const unsubscribe = deps.bus.subscribe(delivery.deliver);

  return {
    refusal: caps.refusal,
    upgradeLimit: {
      perAddress: deps.limits.upgradesPerAddress ?? infra.socketUpgradesPerAddress,
      windowMs: deps.limits.upgradeWindowMs ?? infra.socketUpgradeWindowMs,
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
      if (clients.add(client)) void inPresenceOrder(client.userId, () => deps.presence.connected(client.userId));
      socket.on('message', (data, isBinary) => onClientMessage(messages, client, data, isBinary));
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => onClose(client));
    },

    /** Ends the sockets of sessions that are no longer live (the timer runs it every sessionRecheckMs). */
    recheckSessions: () => recheckSessions(heartbeat),

    /** Sockets and players connected to this instance, and the sockets watching presence and the Kernel. */
    stats: clients.stats,

    /** Settles once every presence write queued so far has run (tests wait on it). */
    settled: () => Promise.all([...presenceChains.values()]).then(() => undefined),

    /** Settles once every event queued for delivery so far has reached its sockets. */
    drained: delivery.drained,

    /** Calls `listener` each time an event has reached all its sockets (the bench and metrics); returns the unsubscribe. */
    onDelivered: delivery.onDelivered,

    /** Closes every socket and takes this instance's players offline (once, however often it is called). */
    stop(): Promise<void> {
      stopped ??= (async () => {
        stopping = true;
        clearInterval(timer);
        unsubscribe();
        delivery.stop();
        for (const client of clients.all()) client.socket.close(closeCodes.goingAway, 'server shutting down');
        await caps.releaseAll();
        await Promise.all([...presenceChains.values()]);
        await deps.presence.stop().catch((error: unknown) => deps.log.warn({ err: error }, 'presence cleanup failed'));
      })();
      return stopped;
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
export type { DeliveryListener } from './hub-delivery';
