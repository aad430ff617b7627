import { randomUUID } from 'node:crypto';
import { infra } from '../../core/infra';
import type { Database } from '../db/connect';
import type { BusLogger } from './bus';
import { createIpcBus } from '../cluster/ipc-bus';
import { createMemoryBus } from './bus-memory';
import { createRedisBus } from './bus-redis';
import { createHub, type HubLimits } from './hub';
import { createPresence } from './presence';
import type { SharedLeases } from './socket-leases';

export interface RealtimeOptions {
  database: Database;
  /** REDIS_URL: several instances share events through it; null keeps them in this process. */
  redisUrl: string | null;
  log: BusLogger;
  now: () => number;
  /** The Redis channel (REDIS_CHANNEL, by default one per database); tests give each run its own. */
  channel: string;
  /** Signs and checks bus messages (the session secret). */
  busSecret: string;
  limits?: Partial<HubLimits>;
  /** A worker of a WORKERS=n server without Redis: events reach the other workers through the primary (ADR 036). */
  clusterRelay?: boolean;
  /** Open sockets counted over every worker and instance (ADR 045); null when alone. */
  leases?: SharedLeases | null;
  /** Publish-to-arrival time of Redis bus messages, in ms (the operator's metric). */
  onBusLag?: (ms: number) => void;
}

export const defaultHubLimits: HubLimits = {
  messagesPerWindow: infra.socketMessagesPerWindow,
  messageWindowMs: infra.socketMessageWindowMs,
  sendBufferMaxBytes: infra.socketSendBufferMaxBytes,
  heartbeatMs: infra.socketHeartbeatMs,
  sessionRecheckMs: infra.socketSessionRecheckMs,
};

/** The bus (in-process, the cluster's relay or Redis), presence and the socket hub of one server instance. */
export function createRealtime(options: RealtimeOptions) {
  const instanceId = randomUUID();
  const bus = options.redisUrl
    ? createRedisBus({
        url: options.redisUrl,
        channel: options.channel,
        secret: options.busSecret,
        instanceId,
        log: options.log,
        bufferMax: infra.busOutageBufferMax,
        ...(options.onBusLag ? { onLag: options.onBusLag } : {}),
      })
    : options.clusterRelay
      ? createIpcBus(options.log)
      : createMemoryBus(options.log);
  const presence = createPresence({
    database: options.database,
    bus,
    instanceId,
    ttlMs: infra.presenceTtlMs,
    log: options.log,
  });
  const hub = createHub({
    bus,
    presence,
    log: options.log,
    now: options.now,
    limits: { ...defaultHubLimits, ...options.limits },
    leases: options.leases ?? null,
    instanceId,
  });
  return {
    instanceId,
    bus,
    presence,
    hub,
    /** Closes the sockets, takes this instance's players offline, then leaves the bus. */
    async close(): Promise<void> {
      await hub.stop();
      await bus.close();
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;
