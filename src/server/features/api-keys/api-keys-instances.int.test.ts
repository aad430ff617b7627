import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyPaths } from '../../../core/api/api-keys';
import { texts } from '../../../core/texts';
import { asPlayer } from '../../../../tests/support/app';
import { burstInOneMinute, refusedOf } from '../../../../tests/support/api-key-burst';
import { startInstances, via, type Instances } from '../../../../tests/support/instances';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// Two instances on one PostgreSQL and one Redis (ADR 075): a key revoked through one is refused by
// the other on its next request, and one key's 100 a minute count in Redis, not per instance.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'API keys on two instances sharing PostgreSQL and Redis [postgres]',
  () => {
    let run: Instances;
    beforeAll(async () => {
      run = await startInstances(2, redisUrl);
    });
    afterAll(async () => {
      await run?.close();
    });

    const withKey = (i: number, key: string, url: string) =>
      run.apps[i]!.fastify.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

    async function keyOf(scopes: string[]) {
      const player = await asPlayer(run.apps[0]!);
      const res = await via(run.apps[0]!, player, 'POST', apiKeyPaths.create, { name: 'two doors', scopes });
      expect(res.statusCode, res.body).toBe(201);
      return { player, ...(res.json() as { key: string; summary: { id: number } }) };
    }

    it('a key revoked through A is refused by B on the next request', async () => {
      const { player, key, summary } = await keyOf(['leaderboard']);
      // B has answered the key (and would have cached it, if it cached) before the revoke.
      expect((await withKey(1, key, '/api/leaderboard')).statusCode).toBe(200);
      expect((await via(run.apps[0]!, player, 'POST', apiKeyPaths.revoke, { id: summary.id })).statusCode).toBe(200);
      const refused = await withKey(1, key, '/api/leaderboard');
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(texts.apiKeys.invalid);
    });

    it('refuses exactly 50 of 150 requests with one key spread over both instances (100 a minute)', async () => {
      const { key } = await keyOf(['leaderboard']);
      const { statuses, servedBy, counted } = await burstInOneMinute(149, async (i) => {
        const res = await withKey(i % 2, key, '/api/leaderboard');
        return {
          status: res.statusCode,
          servedBy: String(i % 2),
          reset: res.headers['ratelimit-reset'] as string | undefined,
        };
      });
      expect(servedBy.size).toBe(2);
      expect(statuses.get(429)).toBe(refusedOf(counted));
    });
  },
);
