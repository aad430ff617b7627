import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPlayer, type Player } from '../../../tests/support/app';
import { startInstances, via, type Instances } from '../../../tests/support/instances';
import { openSocket, type TestSocket } from '../../../tests/support/socket';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A Redis of our own that the test can stop and start again on the same port. */
function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
}

function stopRedis(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

// Needs PostgreSQL for two instances (CI sets TEST_DATABASE_URL) and the redis-server binary to run
// a Redis this test may kill; the shared one at 6379 is left alone.
describe.skipIf(!process.env.TEST_DATABASE_URL || !hasRedisServer)('a Redis outage [postgres]', () => {
  let redis: ChildProcess;
  let port: number;
  let run: Instances;
  let a: Player;
  let b: Player;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    run = await startInstances(2, `redis://127.0.0.1:${port}`);
    [a, b] = [await asPlayer(run.apps[0]!), await asPlayer(run.apps[0]!)];
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await run?.close();
    if (redis) await stopRedis(redis);
  });

  it('delays events between instances but never stops the server, and events flow again once Redis is back', async () => {
    const [onA, onB] = [await openSocket(run.urls[0]!, b.cookie), await openSocket(run.urls[1]!, b.cookie)];
    sockets.push(onA, onB);
    const say = (message: string) => via(run.apps[0]!, a, 'POST', '/api/chat/messages', { message });
    expect((await say('before')).statusCode).toBe(201);
    await onB.next('chat_message', (e) => e.d.message === 'before', 2000);

    await stopRedis(redis);
    await until(() => run.apps.every((app) => !app.realtime.bus.isConnected()));

    // The server keeps serving: reads, writes, and the sockets on the same instance as the writer.
    expect((await via(run.apps[0]!, a, 'GET', '/api/auth/user')).statusCode).toBe(200);
    expect((await via(run.apps[1]!, b, 'GET', '/api/chat/messages')).statusCode).toBe(200);
    const during = await say('during the outage');
    expect(during.statusCode).toBe(201);
    await onA.next('chat_message', (e) => e.d.message === 'during the outage', 2000);
    // The database has it, whichever instance is asked.
    const page = (await via(run.apps[1]!, b, 'GET', '/api/chat/messages?limit=1')).json();
    expect(page.messages[0].message).toBe('during the outage');

    redis = await startRedis(port);
    await Promise.all(run.apps.map((app) => app.realtime.bus.ready()));
    await until(() => run.apps.every((app) => app.realtime.bus.isConnected()));

    // B's sockets are told they may have missed events, and the refetch finds the line.
    await onB.next('stream.interrupted', undefined, 5000);
    expect((await via(run.apps[1]!, b, 'GET', '/api/chat/messages?limit=1')).json().messages[0].message).toBe('during the outage');
    // New lines and private messages flow between the instances again.
    expect((await say('after')).statusCode).toBe(201);
    await onB.next('chat_message', (e) => e.d.message === 'after', 2000);
    const pm = await via(run.apps[0]!, a, 'POST', '/api/directories/messages', { receiverId: b.id, message: 'back online' });
    expect(pm.statusCode).toBe(201);
    await onB.next('ping.messageSent', (e) => e.d.message === 'back online', 2000);
  });
});
