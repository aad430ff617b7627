import { z } from 'zod';
import type { EventBody } from '../../core/api/events';

/** Who should receive an event: every socket, some players' sockets, or one session's sockets. */
export const Audience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('everyone'), exceptUserIds: z.array(z.int()).optional() }),
  z.object({ kind: z.literal('users'), userIds: z.array(z.int()) }),
  z.object({ kind: z.literal('session'), sessionId: z.string() }),
]);
export type Audience = z.infer<typeof Audience>;

export interface BusMessage {
  audience: Audience;
  event: EventBody;
}

export type BusHandler = (message: BusMessage) => void;

/**
 * Carries events between server instances. Delivery is at most once: the database stays the only
 * truth, and a client that misses an event refetches on a gap or a reconnect. publish never throws
 * into a request: a bus that cannot deliver logs and drops (or briefly buffers).
 */
export interface Bus {
  /** memory: this process only; redis: every instance (REDIS_URL); cluster: the workers of one WORKERS=n server (ADR 036). */
  readonly kind: 'memory' | 'redis' | 'cluster';
  publish(message: BusMessage): void;
  /**
   * Several events as one bus message (a group commit's user.updated, one per player): one Redis
   * publish, one signature and one parse per instance instead of one per player. Delivered in order.
   */
  publishAll(messages: BusMessage[]): void;
  /** Registers a handler for every message, local or remote; returns the unsubscribe function. */
  subscribe(handler: BusHandler): () => void;
  /** Resolves once messages from other instances are being received (at once in memory). */
  ready(): Promise<void>;
  /** Whether events from other instances are flowing right now (always, in memory). */
  isConnected(): boolean;
  close(): Promise<void>;
}

export interface BusLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** Calls every handler on a later tick, so a failing or slow handler never reaches the publisher. */
export function createLocalFanout(log: BusLogger) {
  const handlers = new Set<BusHandler>();
  return {
    add(handler: BusHandler): () => void {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    deliver(message: BusMessage): void {
      queueMicrotask(() => {
        for (const handler of handlers) {
          try {
            handler(message);
          } catch (error) {
            log.warn({ err: error, t: message.event.t }, 'bus handler failed');
          }
        }
      });
    },
  };
}
