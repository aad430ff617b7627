import type { EventType } from '../../core/api/events';
import { infra } from '../../core/infra';
import type { BusLogger, BusMessage } from './bus';
import { createDeliveryQueue, type Delivery } from './delivery-queue';
import type { Client, ClientRegistry } from './hub-clients';
import { createPresenceBatcher, type PresenceBatch } from './presence-batcher';

/** Told when an event has been handed to every socket it was for: its type, how many sockets, its data. */
export type DeliveryListener = (t: EventType, sockets: number, data: unknown) => void;

export interface HubDeliveryDeps {
  clients: ClientRegistry;
  log: BusLogger;
  limits: { readonly sendBufferMaxBytes: number };
  deliverySlice: number;
  deliveryQueueMaxFrames?: number;
  presenceFlushMs?: number;
  /** Run on each socket after session.ended reached it (the hub closes it as signed out). */
  afterSessionEnded(client: Client): void;
}

function sendFrame(deps: HubDeliveryDeps, client: Client, prefix: string): boolean {
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

/**
 * Bus events to this instance's sockets. Deliveries run in slices, one event after another
 * (delivery-queue.ts); the frame is built once per event, only the stream version differs per socket.
 */
export function createHubDelivery(deps: HubDeliveryDeps) {
  const listeners = new Set<DeliveryListener>();
  const deliveries = createDeliveryQueue<Client>({
    sliceSize: deps.deliverySlice,
    later: (run) => setImmediate(run),
    send: (client, prefix) => sendFrame(deps, client, prefix),
    maxPendingFrames: deps.deliveryQueueMaxFrames ?? infra.socketDeliveryQueueMaxFrames,
    interruption: (targets) => ({
      label: 'stream.interrupted',
      frame: `{"t":"stream.interrupted","d":{},"v":`,
      targets,
    }),
    onOverflow: (droppedEvents, sockets) =>
      deps.log.warn({ droppedEvents, sockets }, 'socket delivery queue full; sent stream.interrupted instead'),
    onDone: (done: Delivery<Client>) =>
      listeners.forEach((listener) => listener(done.label as EventType, done.targets.length, done.data)),
  });

  function enqueue(t: EventType, d: unknown, targets: Client[]): void {
    if (targets.length === 0) return;
    const frame = `{"t":${JSON.stringify(t)},"d":${JSON.stringify(d)},"v":`;
    const after = t === 'session.ended' ? deps.afterSessionEnded : undefined;
    deliveries.enqueue({ label: t, data: d, frame, targets, ...(after ? { after } : {}) });
  }

  // Presence goes out batched, and only to the sockets of tabs that show it (ADR 010 coalesced it
  // per player; ADR 038 measured 2,000 joins still sending ~22,000 frames to tabs that showed none).
  // Paced on the real clock: it is delivery pacing, not game time.
  const presenceBatches = createPresenceBatcher({
    flushMs: deps.presenceFlushMs ?? infra.presenceFlushMs,
    setTimer: (run, ms) => setTimeout(run, ms).unref(),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    flush: (batch: PresenceBatch) => enqueue('presence.changed', batch, [...deps.clients.presenceWatchers]),
  });

  function deliverNow(message: BusMessage): void {
    enqueue(message.event.t, message.event.d, [...deps.clients.targets(message)]);
  }

  return {
    /** A bus message: presence is batched, everything else queued for its sockets at once. */
    deliver(message: BusMessage): void {
      if (message.event.t === 'presence.changed') presenceBatches.change(message.event.d);
      else deliverNow(message);
    },
    deliverNow,
    drained: () => deliveries.drained(),
    onDelivered(listener: DeliveryListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop(): void {
      presenceBatches.stop();
      deliveries.clear();
    },
  };
}

export type HubDelivery = ReturnType<typeof createHubDelivery>;
