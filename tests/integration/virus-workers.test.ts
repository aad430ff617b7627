import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import { testCards } from '../../src/server/features/virus/test-provider';
import { freshDatabase, postgresUrlOf, type TestDatabase } from '../support/db';
import { HttpPlayer } from '../support/http-player';
import { oneShot, onWorker, type OneShotAnswer } from '../support/one-shot';
import { spawnServer, type ServerProcess } from '../support/process';

const t = texts.virus;
const describePostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

// PAYMENTS=test with WORKERS=2: a purchase started on one worker is paid, declined and completed on
// the other, as a browser's requests land on either (ADR 046: the test provider's intents are rows).
describePostgres('the test payment provider on two workers [postgres]', { timeout: 240_000 }, () => {
  let db: TestDatabase;
  let server: ServerProcess;
  const dataDir = mkdtempSync(join(tmpdir(), 'bitbreach-virus-workers-'));

  beforeAll(async () => {
    db = await freshDatabase('postgres');
    server = await spawnServer({
      DATABASE_URL: await postgresUrlOf(db.database),
      WORKERS: '2',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'virus-workers-secret-virus-workers-secret-0',
      ACCOUNTS_PER_IP: '0',
      PAYMENTS: 'test',
    });
  }, 240_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await db?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function buyer(name: string) {
    const player = new HttpPlayer(server.url, `${name}${randomUUID().slice(0, 6)}`);
    await player.register();
    const asked = { cookie: player.cookie, csrfToken: player.csrfToken };
    /** Starts a purchase wherever the connection lands; the other worker is where the test carries on. */
    const start = async () => {
      const answer = await oneShot(server.url, 'POST', '/api/create-payment-intent', {
        ...asked,
        body: { trojanCount: 10 },
        headers: { 'idempotency-key': randomUUID() },
      });
      return { answer, other: answer.worker === '1' ? '2' : '1' };
    };
    const payOn = (worker: string, paymentIntentId: string, cardNumber: string) =>
      onWorker(worker, () =>
        oneShot(server.url, 'POST', '/api/virus/test-pay', { ...asked, body: { paymentIntentId, cardNumber } }),
      );
    const completeOn = (worker: string, paymentIntentId: string) =>
      onWorker(worker, () =>
        oneShot(server.url, 'POST', '/api/complete-trojan-purchase', { ...asked, body: { paymentIntentId } }),
      );
    return { start, payOn, completeOn };
  }
  const ok = (answer: OneShotAnswer) => {
    expect(answer.status, answer.body).toBe(200);
    return answer.json();
  };

  it('an intent made on one worker is paid and completed on the other', async () => {
    const p = await buyer('virusw');
    const { answer, other } = await p.start();
    const { paymentIntentId } = ok(answer);
    expect(ok(await p.payOn(other, paymentIntentId, testCards.pays))).toEqual({
      status: 'succeeded',
      message: t.testCardPaid,
    });
    expect(ok(await p.completeOn(other, paymentIntentId))).toEqual({
      success: true,
      coresAwarded: 10,
      status: 'fulfilled',
    });
  });

  it('a card declined on one worker cancels the purchase for both', async () => {
    const p = await buyer('virusd');
    const { answer, other } = await p.start();
    const { paymentIntentId } = ok(answer);
    const first = answer.worker!;
    expect(ok(await p.payOn(other, paymentIntentId, testCards.declined))).toEqual({
      status: 'failed',
      message: t.testCardDeclined,
    });
    const retried = await p.payOn(first, paymentIntentId, testCards.pays);
    expect([retried.status, retried.json().message]).toEqual([409, t.paymentCancelled]);
  });
});
