import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyPaths } from '../../src/core/api/api-keys';
import { burstInOneMinute, refusedOf } from '../support/api-key-burst';
import { HttpPlayer } from '../support/http-player';
import { oneShot } from '../support/one-shot';
import { startTwoWorkers } from '../support/process';

// WORKERS=2 on PostgreSQL without Redis (ADR 075): one key's 100 requests a minute count in the
// primary, so spreading them over both workers gets no more than one budget.
const describePostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describePostgres('API keys on a server with two workers, no Redis [postgres]', { timeout: 240_000 }, () => {
  let cluster: Awaited<ReturnType<typeof startTwoWorkers>>;
  beforeAll(async () => {
    cluster = await startTwoWorkers({ SESSION_SECRET: 'cluster-api-keys-secret-cluster-keys-0' });
  }, 240_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  async function keyOf(name: string) {
    const p = new HttpPlayer(cluster.server.url, `${name}${process.pid % 1000}`);
    await p.register();
    const created = await oneShot(cluster.server.url, 'POST', apiKeyPaths.create, {
      cookie: p.cookie,
      csrfToken: p.csrfToken,
      body: { name: 'tool', scopes: ['leaderboard', 'market'] },
    });
    expect(created.status, created.body).toBe(201);
    return { player: p, ...(created.json() as { key: string; summary: { id: number } }) };
  }

  it('refuses exactly 50 of 150 requests with one key spread over both workers', async () => {
    const { key } = await keyOf('keyburst');
    const { statuses, servedBy, counted } = await burstInOneMinute(149, async () => {
      const answer = await oneShot(cluster.server.url, 'GET', '/api/marketplace/listings', {
        headers: { authorization: `Bearer ${key}` },
      });
      return { status: answer.status, servedBy: answer.worker, reset: answer.headers['ratelimit-reset'] };
    });
    expect(servedBy.size).toBe(2);
    expect(statuses.get(429)).toBe(refusedOf(counted));
  });

  it('a key revoked through one worker is refused by both', async () => {
    const { player, key, summary } = await keyOf('keyrevoke');
    const read = () =>
      oneShot(cluster.server.url, 'GET', '/api/leaderboard', { headers: { authorization: `Bearer ${key}` } });
    expect((await read()).status).toBe(200);
    const revoked = await oneShot(cluster.server.url, 'POST', apiKeyPaths.revoke, {
      cookie: player.cookie,
      csrfToken: player.csrfToken,
      body: { id: summary.id },
    });
    expect(revoked.status).toBe(200);
    // Fresh connections until both workers have answered (the primary hands them out in turn).
    const after = [];
    while (new Set(after.map((a) => a.worker)).size < 2 && after.length < 20) after.push(await read());
    expect(new Set(after.map((a) => a.worker)).size).toBe(2);
    expect(new Set(after.map((a) => a.status))).toEqual(new Set([401]));
  });
});
