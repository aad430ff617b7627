import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safetyPaths } from '../../../core/api/safety';
import { asPlayer, type Player } from '../../../../tests/support/app';
import { startInstances, via, type Instances } from '../../../../tests/support/instances';
import { openSocket, type TestSocket } from '../../../../tests/support/socket';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'ignore on two instances sharing PostgreSQL and Redis [postgres]',
  () => {
    let run: Instances;
    let a: Player;
    let b: Player;
    const sockets: TestSocket[] = [];
    beforeAll(async () => {
      run = await startInstances(2, redisUrl);
      [a, b] = [await asPlayer(run.apps[0]!), await asPlayer(run.apps[0]!)];
    });
    afterAll(async () => {
      await Promise.all(sockets.map((s) => s.close()));
      await run?.close();
    });

    it('an ignore made through A reaches the player’s tab on B, and B then withholds the ignored player’s Ping', async () => {
      const aOnB = await openSocket(run.urls[1]!, a.cookie);
      sockets.push(aOnB);
      expect((await via(run.apps[0]!, a, 'POST', safetyPaths.ignores, { username: b.username })).statusCode).toBe(201);
      await aOnB.next('ignores.changed', () => true, 10_000);
      // B sends through instance B: the usual 201; A's tab (on B) gets no push, A's list on A shows nothing.
      const sent = await via(run.apps[1]!, b, 'POST', '/api/directories/messages', {
        receiverId: a.id,
        message: 'through the other door',
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const transcript = await via(run.apps[0]!, a, 'GET', `/api/directories/messages?partnerId=${b.id}`);
      expect(transcript.json().messages).toEqual([]);
      // A later line from someone else arrives on the same socket; the withheld one never came before it.
      const other = await asPlayer(run.apps[0]!);
      expect(
        (await via(run.apps[0]!, other, 'POST', '/api/directories/messages', { receiverId: a.id, message: 'barrier' }))
          .statusCode,
      ).toBe(201);
      const next = await aOnB.next('ping.messageSent', () => true, 10_000);
      expect(next.d.message).toBe('barrier');
    });
  },
);
