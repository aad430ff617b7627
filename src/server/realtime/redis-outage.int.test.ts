import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPlayer, type Player } from '../../../tests/support/app';
import { startInstances, via, type Instances } from '../../../tests/support/instances';
import { openSocket, type TestSocket } from '../../../tests/support/socket';
import { startTcpProxy, type TcpProxy } from '../../../tests/support/tcp-proxy';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

// Needs PostgreSQL for two instances (CI sets TEST_DATABASE_URL) and Redis at 127.0.0.1:6379 (or
// TEST_REDIS_URL). Each instance reaches Redis through its own proxy, so the test cuts them off and
// brings them back in the order it needs, while the shared Redis stays up for everyone else.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a Redis outage [postgres]', () => {
  let proxies: TcpProxy[];
  let run: Instances;
  let a: Player;
  let b: Player;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    proxies = [await startTcpProxy(redisUrl), await startTcpProxy(redisUrl)];
    run = await startInstances(
      2,
      proxies.map((p) => p.url),
    );
    [a, b] = [await asPlayer(run.apps[0]!), await asPlayer(run.apps[0]!)];
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await run?.close();
    await Promise.all((proxies ?? []).map((p) => p.close()));
  });

  it('delays events between instances but never stops the server, and the outage-time event arrives once Redis is back', async () => {
    const [writer, reader] = run.apps as [Instances['apps'][0], Instances['apps'][0]];
    const [onA, onB] = [await openSocket(run.urls[0]!, b.cookie), await openSocket(run.urls[1]!, b.cookie)];
    sockets.push(onA, onB);
    const say = (message: string) => via(writer, a, 'POST', '/api/chat/messages', { message });
    expect((await say('before')).statusCode).toBe(201);
    await onB.next('chat_message', (e) => e.d.message === 'before', 2000);

    proxies.forEach((p) => p.cut());
    await until(() => run.apps.every((app) => !app.realtime.bus.isConnected()));

    // The server keeps serving: reads, writes, and the sockets on the same instance as the writer.
    expect((await via(writer, a, 'GET', '/api/auth/user')).statusCode).toBe(200);
    expect((await via(reader, b, 'GET', '/api/chat/messages')).statusCode).toBe(200);
    const during = await say('during the outage');
    expect(during.statusCode).toBe(201);
    await onA.next('chat_message', (e) => e.d.message === 'during the outage', 2000);
    // The database has it, whichever instance is asked.
    const page = (await via(reader, b, 'GET', '/api/chat/messages?limit=1')).json();
    expect(page.messages[0].message).toBe('during the outage');

    // The reading instance comes back first and subscribes; B's socket there is told it may have
    // missed events, and the refetch finds the line.
    proxies[1]!.restore();
    await reader.realtime.bus.ready();
    await onB.next('stream.interrupted', undefined, 5000);
    expect((await via(reader, b, 'GET', '/api/chat/messages?limit=1')).json().messages[0].message).toBe(
      'during the outage',
    );
    expect(onB.events.some((e) => e.t === 'chat_message' && e.d.message === 'during the outage')).toBe(false);

    // Then the writer: the line it kept while Redis was unreachable is published now and reaches B.
    proxies[0]!.restore();
    await writer.realtime.bus.ready();
    await onB.next('chat_message', (e) => e.d.message === 'during the outage', 5000);

    // New lines and private messages flow between the instances again; 'after' was published
    // behind the kept line on the same connection, so once it is here the kept line came exactly once.
    expect((await say('after')).statusCode).toBe(201);
    await onB.next('chat_message', (e) => e.d.message === 'after', 2000);
    expect(onB.events.filter((e) => e.t === 'chat_message' && e.d.message === 'during the outage')).toHaveLength(1);
    const pm = await via(writer, a, 'POST', '/api/directories/messages', { receiverId: b.id, message: 'back online' });
    expect(pm.statusCode).toBe(201);
    await onB.next('ping.messageSent', (e) => e.d.message === 'back online', 2000);
  });
});
