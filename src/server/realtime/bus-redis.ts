import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import { z } from 'zod';
import { parseEventBody } from '../../core/api/events';
import { infra } from '../../core/infra';
import { Audience, createLocalFanout, type Bus, type BusLogger, type BusMessage } from './bus';
import { busKey, signBusPayload, verifyBusPayload } from './bus-signing';
import { createReplayGuard } from './bus-replay';

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

// What travels on the channel, after a plain prefix (see readPrefix): origin instance, send time, a
// message id (both signed, so a replay is recognised: ADR 047) and the events, each with its audience.
// Parsed at the edge like any input.
const Wire = z.object({
  o: z.string(),
  s: z.number(),
  i: z.string().min(1).max(64),
  m: z.array(z.object({ a: Audience, e: z.unknown() })).min(1),
});

const logEveryMs = 30_000;

/** A published group not yet on the channel: its message id and its events as wire JSON. */
interface Outgoing {
  id: string;
  events: string;
}

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
  let rejected = 0;
  let replayed = 0;
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
  let subscribed = false;
  let everSubscribed = false;
  let closed = false;
  let waiters: Array<() => void> = [];
  // Unsent groups: the id is fixed at publish (a retry that did reach Redis is then refused as a replay),
  // the send time and signature are made at each send, so a flush after a long outage is not stale.
  let buffer: Outgoing[] = [];
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
  sub.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    const prefix = readPrefix(raw);
    // Its own echo (most of what an instance hears when it is the busy one) was delivered locally at
    // publish: it only times the round trip, without paying for the signature check or the parse.
    // A forger who copies our id only gets their own message ignored.
    if (prefix?.origin === instanceId) {
      options.onLag?.(Math.max(0, Date.now() - prefix.sentMs));
      return;
    }
    const payload = prefix ? verifyBusPayload(key, channel, prefix.signed) : null;
    const messages = payload === null ? null : decode(payload);
    if (!messages || messages.origin !== prefix!.origin) {
      rejected += 1;
      log.warn(
        { size: raw.length, signed: payload !== null, rejected },
        'dropped a bus message that is unsigned, badly signed or malformed',
      );
      return;
    }
    const verdict = replayGuard.judge(`${messages.origin} ${messages.id}`, messages.sentMs);
    if (verdict !== 'fresh') {
      replayed += 1;
      log.warn(
        { verdict, origin: messages.origin, ageMs: wireNow() - messages.sentMs, replayed },
        'dropped a signed bus message sent again or outside the replay window',
      );
      return;
    }
    options.onLag?.(Math.max(0, Date.now() - messages.sentMs));
    messages.bodies.forEach((body) => fanout.deliver(body));
  });

  function send(outgoing: Outgoing): void {
    const sentMs = wireNow();
    // The events are already JSON: spliced in, not serialised again at each send.
    const json = `{"o":${JSON.stringify(instanceId)},"s":${sentMs},"i":"${outgoing.id}","m":${outgoing.events}}`;
    pub.publish(channel, `${instanceId} ${sentMs} ${signBusPayload(key, channel, json)}`).catch(() => keep(outgoing));
  }

  function keep(outgoing: Outgoing): void {
    if (closed) return;
    if (buffer.length >= options.bufferMax) buffer = buffer.slice(Math.ceil(options.bufferMax / 4));
    buffer.push(outgoing);
  }

  function publishAll(messages: BusMessage[]): void {
    if (messages.length === 0) return;
    messages.forEach((message) => fanout.deliver(message));
    const outgoing = { id: randomUUID(), events: JSON.stringify(messages.map((m) => ({ a: m.audience, e: m.event }))) };
    if (pub.status === 'ready') send(outgoing);
    else keep(outgoing);
  }

  pub.on('ready', () => {
    const pending = buffer;
    buffer = [];
    pending.forEach(send);
  });

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
    rejectedCount: () => rejected,
    replayedCount: () => replayed,
    async close() {
      closed = true;
      sub.disconnect();
      // A clean QUIT lets publishes already sent (a ban's session.ended) reach Redis first.
      if (pub.status === 'ready') await pub.quit().catch(() => pub.disconnect());
      else pub.disconnect();
    },
  };
}

/**
 * `<origin> <sent ms> <signed payload>`: the origin and time travel in plain text in front of the
 * signed JSON (which repeats them), so an instance can recognise its own echo without verifying
 * or parsing it. Instance ids never contain a space.
 */
function readPrefix(raw: string): { origin: string; sentMs: number; signed: string } | null {
  const first = raw.indexOf(' ');
  const second = first > 0 ? raw.indexOf(' ', first + 1) : -1;
  if (second < 0) return null;
  const sentMs = Number(raw.slice(first + 1, second));
  if (!Number.isFinite(sentMs)) return null;
  return { origin: raw.slice(0, first), sentMs, signed: raw.slice(second + 1) };
}

function decode(raw: string): { origin: string; sentMs: number; id: string; bodies: BusMessage[] } | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const wire = Wire.safeParse(json);
  if (!wire.success) return null;
  const bodies: BusMessage[] = [];
  for (const m of wire.data.m) {
    const event = parseEventBody(m.e);
    if (!event) return null;
    bodies.push({ audience: m.a, event });
  }
  return { origin: wire.data.o, sentMs: wire.data.s, id: wire.data.i, bodies };
}
