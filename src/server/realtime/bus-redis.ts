import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import { infra } from '../../core/infra';
import { createLocalFanout, type Bus, type BusLogger, type BusMessage } from './bus';
import { createBusOutbox } from './bus-redis-outbox';
import { createBusReceiver } from './bus-redis-receive';
import { createReplayGuard } from './bus-replay';
import { busKey } from './bus-signing';

export interface RedisBusOptions {
  url: string;
  /** The pub/sub channel; instances that share it see each other's events. */
  channel: string;
  /** Marks this instance's own messages, which it has already delivered locally. */
  instanceId: string;
  log: BusLogger;
  /** Messages kept while Redis is unreachable; the oldest quarter is dropped when full. */
  bufferMax: number;
  /** The session secret: messages are signed with a key derived from it, and unsigned ones dropped. */
  secret: string;
  /** Told how long each message took from publish to arrival here (own echoes included), in ms. */
  onLag?: (ms: number) => void;
  /** The replay window and the ids remembered (defaults: balance), and the wire clock (default: Date.now). */
  replay?: { windowMs?: number; maxIds?: number; now?: () => number };
}

export interface RedisBus extends Bus {
  /** Messages dropped because they were unsigned, badly signed or malformed (a forgery, or another deployment). */
  rejectedCount(): number;
  /** Correctly signed messages dropped as replays: seen before, or sent outside the replay window. */
  replayedCount(): number;
}

const logEveryMs = 30_000;

/**
 * Redis pub/sub between instances. Local sockets are served at once and never wait for Redis; other
 * instances get the event through the channel, at most once. While Redis is down, publishes are
 * buffered (bounded) and both connections keep retrying; when it is back the channel is subscribed
 * again, the buffer flushed, and local sockets get stream.interrupted so they refetch whatever was
 * missed. Nothing here ever throws into a request.
 */
export function createRedisBus(options: RedisBusOptions): RedisBus {
  const { channel, instanceId, log } = options;
  const key = busKey(options.secret);
  const wireNow = options.replay?.now ?? Date.now;
  const replayGuard = createReplayGuard({
    windowMs: options.replay?.windowMs ?? infra.busReplayWindowMs,
    maxIds: options.replay?.maxIds ?? infra.busSeenIdsMax,
    now: wireNow,
  });
  const fanout = createLocalFanout(log);
  const base: RedisOptions = {
    // Reconnect forever, quickly at first, then every 2 s.
    retryStrategy: (times) => Math.min(100 * times, 2000),
    connectionName: `bitbreach-bus:${instanceId}`,
  };
  // A publish while disconnected fails at once (and is buffered here) instead of queueing unbounded in ioredis.
  const pub = new Redis(options.url, { ...base, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  // We resubscribe ourselves on every 'ready', so ready() can tell when events flow again.
  const sub = new Redis(options.url, { ...base, autoResubscribe: false, maxRetriesPerRequest: null });
  const receiver = createBusReceiver({
    channel,
    instanceId,
    key,
    log,
    fanout,
    replayGuard,
    wireNow,
    onLag: options.onLag,
  });
  const outbox = createBusOutbox({ pub, channel, instanceId, key, wireNow, bufferMax: options.bufferMax });
  let subscribed = false;
  let everSubscribed = false;
  let waiters: Array<() => void> = [];
  let lastErrorLogMs = 0;

  const onError = (which: string) => (error: Error) => {
    const now = Date.now();
    if (now - lastErrorLogMs < logEveryMs) return;
    lastErrorLogMs = now;
    log.warn({ err: error, connection: which }, 'redis bus unavailable; local sockets still served, retrying');
  };
  pub.on('error', onError('publish'));
  sub.on('error', onError('subscribe'));

  sub.on('ready', () => {
    sub.subscribe(channel).then(
      () => {
        subscribed = true;
        log.info({ channel }, 'redis bus subscribed');
        // Back after an outage: what other instances published meanwhile is gone (at most once),
        // so this instance's sockets are told to refetch from the database.
        if (everSubscribed)
          fanout.deliver({ audience: { kind: 'everyone' }, event: { t: 'stream.interrupted', d: {} } });
        everSubscribed = true;
        const ready = waiters;
        waiters = [];
        ready.forEach((resolve) => resolve());
      },
      (error: Error) => onError('subscribe')(error),
    );
  });
  sub.on('close', () => {
    subscribed = false;
  });
  sub.on('message', receiver.onMessage);

  function publishAll(messages: BusMessage[]): void {
    if (messages.length === 0) return;
    messages.forEach((message) => fanout.deliver(message));
    outbox.offer({ id: randomUUID(), events: JSON.stringify(messages.map((m) => ({ a: m.audience, e: m.event }))) });
  }

  pub.on('ready', () => outbox.flush());

  return {
    kind: 'redis',
    publish: (message) => publishAll([message]),
    publishAll,
    subscribe: (handler) => fanout.add(handler),
    ready() {
      if (subscribed) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    isConnected: () => subscribed && pub.status === 'ready',
    rejectedCount: receiver.rejectedCount,
    replayedCount: receiver.replayedCount,
    async close() {
      outbox.close();
      sub.disconnect();
      // A clean QUIT lets publishes already sent (a ban's session.ended) reach Redis first.
      if (pub.status === 'ready') await pub.quit().catch(() => pub.disconnect());
      else pub.disconnect();
    },
  };
}
