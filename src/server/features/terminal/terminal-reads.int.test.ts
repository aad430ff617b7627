import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPlayer, buildTestApp, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { ready, snapshotTerminal, terminalSteps, untilLockWaiters } from '../../../../tests/support/terminal';

/** ls (GET /api/filesystem/contents) is a read: it never writes and never waits for a row lock (architecture: reads never lock or write). */
describe.each(drivers)('terminal reads [%s]', (driver) => {
  let app: TestApp;
  const s = () => terminalSteps(app);
  beforeAll(async () => {
    app = await buildTestApp(driver);
    app.clock.now = Date.now();
  });
  afterAll(() => app.close());

  /** A victim with a directory, and an attacker inside their system. */
  async function intrusion(): Promise<{ victim: Player; attacker: Player; intrusionId: number }> {
    const victim = await ready(app, await asPlayer(app), { level: 8 });
    await s().ssh(victim, victim.username);
    await s().op(victim, 'mkdir', 'vault');
    const attacker = await ready(app, await asPlayer(app), { level: 8 });
    const opened = await s().ssh(attacker, victim.username);
    expect(opened.statusCode, opened.body).toBe(200);
    return { victim, attacker, intrusionId: opened.json().intrusionId };
  }

  it('listing, during an intrusion or of a system never opened, changes no row', async () => {
    const { attacker, intrusionId } = await intrusion();
    const newcomer = await asPlayer(app);
    const before = await snapshotTerminal(app);
    expect((await s().ls(attacker, '/vault', intrusionId)).statusCode).toBe(200);
    expect((await s().ls(attacker, '/', intrusionId)).json().contents.map((i: { name: string }) => i.name)).toEqual([
      'vault',
      'Token',
    ]);
    // A player who never ran ssh sees the system they would get, and none is made for them.
    expect((await s().ls(newcomer, '/')).json()).toEqual({
      path: '/',
      contents: [{ name: 'Token', path: '/Token', type: 'token' }],
    });
    expect(await snapshotTerminal(app)).toBe(before);
  });

  it.skipIf(driver !== 'postgres')('answers while another transaction holds the rows it reads locked', async () => {
    const { victim, attacker, intrusionId } = await intrusion();
    const newcomer = await asPlayer(app);
    /** The request's answer, or 'blocked' as soon as it waits on a lock (a condition: no timing). */
    const unblocked = (request: Promise<LightMyRequestResponse>) =>
      Promise.race([request, untilLockWaiters(app, 1).then(() => 'blocked' as const)]);
    let answers: (LightMyRequestResponse | 'blocked')[] = [];
    await app.db.database.db.transaction(async (tx) => {
      // What a hack holds, and the players' rows FOR UPDATE (which even a foreign-key check would wait for).
      await tx.execute(sql`SELECT id FROM users WHERE id IN (${victim.id}, ${attacker.id}, ${newcomer.id}) FOR UPDATE`);
      await tx.execute(
        sql`SELECT user_id FROM file_systems WHERE user_id IN (${victim.id}, ${attacker.id}) FOR UPDATE`,
      );
      await tx.execute(sql`SELECT id FROM intrusions WHERE id = ${intrusionId} FOR UPDATE`);
      answers = [await unblocked(s().ls(attacker, '/vault', intrusionId)), await unblocked(s().ls(newcomer, '/'))];
    });
    expect(answers.map((a) => (a === 'blocked' ? a : a.statusCode))).toEqual([200, 200]);
  });
});
