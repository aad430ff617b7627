import type { EventType } from '../../core/api/events';
import { infra } from '../../core/infra';
import type { BusLogger, BusMessage } from './bus';
import { createDeliveryQueue, type Delivery } from './delivery-queue';
import { createFrameCoalescer, type FrameGroup } from './frame-coalescer';
import { eventJson, framePrefix } from './frame-text';
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
  /** Events for a socket within this long of its last frame share one frame (default: infra; 0 sends each alone). */
  coalesceMs?: number;
  /** Run on each socket after session.ended reached it (the hub closes it as signed out). */
  afterSessionEnded(client: Client): void;
}

/** One event on its way to this instance's sockets: serialised once, and counted until every frame carrying it is sent. */
interface HubEvent {
  t: EventType;
  d: unknown;
  json: string;
  sockets: number;
  /** Frames (groups of sockets) carrying it not yet sent to all their sockets. */
  unsent: number;
  after?: (client: Client) => void;
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
 * Bus events to this instance's sockets. Events close together are coalesced per socket into one frame
 * (frame-coalescer.ts, ADR 084); frames are queued and sent in slices, one after another
 * (delivery-queue.ts); each frame is built once for every socket that gets the same events, only the
 * stream version differs per socket.
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
    onDone: (done: Delivery<Client>) => {
      for (const event of (done.data as HubEvent[] | undefined) ?? []) {
        event.unsent -= 1;
        if (event.unsent === 0) listeners.forEach((listener) => listener(event.t, event.sockets, event.d));
      }
    },
  });

  function enqueueFrame({ events, targets }: FrameGroup<HubEvent, Client>): void {
    const afters = events.flatMap((event) => (event.after ? [event.after] : []));
    events.forEach((event) => (event.unsent += 1));
    deliveries.enqueue({
      label: events.length === 1 ? events[0]!.t : 'stream.batch',
      data: events,
      frame: framePrefix(events.map((event) => event.json)),
      targets,
      ...(afters.length > 0 ? { after: (client: Client) => afters.forEach((after) => after(client)) } : {}),
    });
  }

  // Paced on the real clock, as the presence batches below: it is delivery pacing, not game time.
  const frames = createFrameCoalescer<HubEvent, Client>({
    windowMs: deps.coalesceMs ?? infra.socketCoalesceMs,
    setTimer: (run, ms) => setTimeout(run, ms).unref(),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    emit: enqueueFrame,
  });

  function enqueue(t: EventType, d: unknown, targets: Client[]): void {
    if (targets.length === 0) return;
    const after = t === 'session.ended' ? deps.afterSessionEnded : undefined;
    frames.add(
      { t, d, json: eventJson(t, d), sockets: targets.length, unsent: 0, ...(after ? { after } : {}) },
      targets,
    );
  }

  // Presence goes out batched, and only to the sockets of tabs that show it (ADR 010 coalesced it
  // per player; ADR 038 measured 2,000 joins still sending ~22,000 frames to tabs that showed none).
  // Paced on the real clock: it is delivery pacing, not game time.
  const presenceBatches = createPresenceBatcher({
    flushMs: deps.presenceFlushMs ?? infra.presenceFlushMs,
    setTimer: (run, ms) => setTimeout(run, ms).unref(),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    flush: (batch: PresenceBatch) => enqueue('presence.changed', batch, [...deps.clients.watchers.presence]),
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
    /** One event to one socket, in its stream after what it was already sent (a watch's acknowledgement). */
    deliverTo(client: Client, event: BusMessage['event']): void {
      enqueue(event.t, event.d, [client]);
    },
    /** Settles once every event handed over so far has left its coalescing window and reached its sockets. */
    async drained(): Promise<void> {
      await frames.flushed();
      await deliveries.drained();
    },
    onDelivered(listener: DeliveryListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop(): void {
      presenceBatches.stop();
      frames.stop();
      deliveries.clear();
    },
  };
}

export type HubDelivery = ReturnType<typeof createHubDelivery>;
