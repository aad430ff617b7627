import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { BusMessage } from './bus';
import { createRedisBus, type RedisBus } from './bus-redis';
import { busKey, signBusPayload } from './bus-signing';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const silent = { warn: () => {}, info: () => {} };
// Bounds, not speed targets: under a full test run Redis round trips can take far more than 1 s.
const patient = { timeout: 10_000 };

// The bus's wire on a real Redis: a group commit's events travel as one message, an
// instance recognises its own echo without verifying or parsing it, and nothing arrives twice.
describe('the Redis bus wire', () => {
  const buses: RedisBus[] = [];
  let raw: Redis | undefined;
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
    raw?.disconnect();
  });

  async function bus(channel: string, instanceId: string, onLag?: (ms: number) => void) {
    const b = createRedisBus({
      url: redisUrl,
      channel,
      instanceId,
      log: silent,
      bufferMax: 100,
      secret: 'wire-test-secret',
      ...(onLag ? { onLag } : {}),
    });
    buses.push(b);
    await b.ready();
    return b;
  }

  it('sends publishAll as one Redis message, delivered in order once on every instance (its own echo skipped)', async () => {
    const channel = `bitbreach:test:${randomUUID()}`;
    let echoes = 0;
    const a = await bus(channel, 'instance-a', () => (echoes += 1));
    const b = await bus(channel, 'instance-b');
    const [onA, onB]: [BusMessage[], BusMessage[]] = [[], []];
    a.subscribe((m) => onA.push(m));
    b.subscribe((m) => onB.push(m));
    raw = new Redis(redisUrl);
    const heard: string[] = [];
    await raw.subscribe(channel);
    raw.on('message', (_c: string, m: string) => heard.push(m));

    const group = [1, 2, 3].map((id) => ({
      audience: { kind: 'users' as const, userIds: [id] },
      event: { t: 'session.ended' as const, d: { reason: 'logout' as const } },
    }));
    a.publishAll(group);
    await expect.poll(() => onB.length, patient).toBe(3);
    // A's own copy came back through Redis (timed), and still was delivered only once, locally.
    await expect.poll(() => echoes, patient).toBe(1);
    expect(onA.map((m) => m.audience)).toEqual(group.map((m) => m.audience));
    expect(onB.map((m) => m.audience)).toEqual(group.map((m) => m.audience));
    await expect.poll(() => heard.length, patient).toBe(1);
    expect(heard[0]!.startsWith('instance-a ')).toBe(true);
    expect(a.rejectedCount() + b.rejectedCount()).toBe(0);
  });

  it('refuses a signed message whose plain origin was rewritten, and ignores one that claims to be its own', async () => {
    const channel = `bitbreach:test:${randomUUID()}`;
    const b = await bus(channel, 'instance-b');
    const onB: BusMessage[] = [];
    b.subscribe((m) => onB.push(m));
    raw = new Redis(redisUrl);
    const key = busKey('wire-test-secret');
    const sent = Date.now();
    const json = JSON.stringify({
      o: 'instance-a',
      s: sent,
      i: randomUUID(),
      m: [{ a: { kind: 'everyone' }, e: { t: 'session.ended', d: { reason: 'logout' } } }],
    });
    // Rewritten prefix: the signature holds, but the signed origin is not the one in front.
    await raw.publish(channel, `instance-c ${sent} ${signBusPayload(key, channel, json)}`);
    await expect.poll(() => b.rejectedCount(), patient).toBe(1);
    // Prefixed with B's own id: taken for B's echo and dropped unread, so it cannot reach B's sockets.
    await raw.publish(channel, `instance-b ${sent} AAAA ${json}`);
    // The genuine message still gets through afterwards, and it is the only thing delivered.
    await raw.publish(channel, `instance-a ${sent} ${signBusPayload(key, channel, json)}`);
    await expect.poll(() => onB.length, patient).toBe(1);
    expect(b.rejectedCount()).toBe(1);
  });
});

// A signed message captured from Redis and published again must not be delivered again, nor one
// whose signed send time is outside the replay window (ADR 047).
describe('the Redis bus refuses replays', () => {
  const buses: RedisBus[] = [];
  const connections: Redis[] = [];
  let raw: Redis | undefined;
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
    connections.splice(0).forEach((c) => c.disconnect());
  });

  async function bus(channel: string, instanceId: string) {
    const b = createRedisBus({
      url: redisUrl,
      channel,
      instanceId,
      log: silent,
      bufferMax: 100,
      secret: 'wire-test-secret',
    });
    buses.push(b);
    await b.ready();
    return b;
  }
  const chatLine = (id: number, message: string): BusMessage => ({
    audience: { kind: 'everyone' },
    event: {
      t: 'chat_message',
      d: { id, userId: 1, username: 'alice', message, createdAt: new Date(0).toISOString() },
    },
  });
  const ended: BusMessage = {
    audience: { kind: 'users', userIds: [7] },
    event: { t: 'session.ended', d: { reason: 'logout' } },
  };
  const label = (m: BusMessage) => (m.event.t === 'chat_message' ? m.event.d.message : m.event.t);

  async function setUp() {
    const channel = `bitbreach:test:${randomUUID()}`;
    const a = await bus(channel, 'instance-a');
    const b = await bus(channel, 'instance-b');
    const onB: BusMessage[] = [];
    b.subscribe((m) => onB.push(m));
    raw = new Redis(redisUrl);
    const listener = raw.duplicate();
    connections.push(raw, listener);
    const captured: string[] = [];
    await listener.subscribe(channel);
    listener.on('message', (_c: string, m: string) => captured.push(m));
    return { channel, a, b, onB, captured };
  }

  it('delivers a captured chat line or session.ended once, however often it is published again', async () => {
    const { channel, a, onB, captured } = await setUp();
    a.publish(chatLine(1, 'hello'));
    a.publish(ended);
    await expect.poll(() => captured.length, patient).toBe(2);
    await expect.poll(() => onB.length, patient).toBe(2);
    for (const message of [...captured, ...captured]) expect(await raw!.publish(channel, message)).toBe(3);
    // Redis keeps one order for the channel: once the marker arrives, every replay before it has been judged.
    a.publish(chatLine(2, 'marker'));
    await expect.poll(() => onB.map(label), patient).toContain('marker');
    expect(onB.map(label)).toEqual(['hello', 'session.ended', 'marker']);
  });

  it('drops a signed message sent longer ago than the window, or dated in the future', async () => {
    const { channel, a, onB } = await setUp();
    const key = busKey('wire-test-secret');
    const signed = (sentMs: number, message: BusMessage) => {
      const json = JSON.stringify({
        o: 'instance-a',
        s: sentMs,
        i: randomUUID(),
        m: [{ a: message.audience, e: message.event }],
      });
      return `instance-a ${sentMs} ${signBusPayload(key, channel, json)}`;
    };
    await raw!.publish(channel, signed(Date.now() - 5 * 60_000, chatLine(1, 'five minutes old')));
    await raw!.publish(channel, signed(Date.now() + 5 * 60_000, ended));
    await raw!.publish(channel, signed(Date.now(), chatLine(2, 'fresh')));
    a.publish(chatLine(3, 'marker'));
    await expect.poll(() => onB.map(label), patient).toContain('marker');
    expect(onB.map(label)).toEqual(['fresh', 'marker']);
  });
});
