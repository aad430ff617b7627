import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPlayer, buildTestApp, type Player, type TestApp } from '../../../../tests/support/app';
import { ready, terminalSteps, untilLockWaiters } from '../../../../tests/support/terminal';
import { sumLedger } from '../../wallet';

const rounds = 10;

/**
 * The Terminal's lock order (docs/decisions/049): the players by id first, then the file systems,
 * then the intrusions. Each pair below locked in opposite orders before and deadlocked: PostgreSQL
 * killed one side (40P01) and the player got a 500. Each is lined up deterministically (a blocker
 * holds the contested row until both requests wait on it), then raced through the API.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('Terminal lock order [postgres]', () => {
  let app: TestApp;
  const s = () => terminalSteps(app);
  const telnetOf = async (id: number) =>
    Number(
      (await app.db.database.query<{ telnet: string }>('SELECT telnet FROM users WHERE id = $1', [id]))[0]!.telnet,
    );
  const ledgerAgrees = async (ids: number[]) => {
    for (const id of ids) expect(await sumLedger(app.db.database.db, id), `player ${id}`).toBe(await telnetOf(id));
  };
  const untilWaiting = (n: number) => untilLockWaiters(app, n);
  /**
   * Holds `lockSql` in a transaction while `first` and then `second` start and wait behind it, in
   * that order; releases it and answers both.
   */
  async function lineUp(
    lockSql: ReturnType<typeof sql>,
    first: () => Promise<LightMyRequestResponse>,
    second: () => Promise<LightMyRequestResponse>,
  ) {
    let answers: Promise<[LightMyRequestResponse, LightMyRequestResponse]> | null = null;
    await app.db.database.db.transaction(async (tx) => {
      await tx.execute(lockSql);
      const a = first();
      await untilWaiting(1);
      const b = second();
      await untilWaiting(2);
      answers = Promise.all([a, b]);
    });
    return answers!;
  }
  const victimWithCash = async (telnet: number) => ready(app, await asPlayer(app), { level: 8, telnet });
  /** The victim's own root ssh (their file system exists), and an attacker inside it. */
  async function intrusion(victim: Player) {
    expect((await s().ssh(victim, victim.username)).statusCode).toBe(200);
    const attacker = await ready(app, await asPlayer(app), { level: 8 });
    const opened = await s().ssh(attacker, victim.username);
    expect(opened.statusCode, opened.body).toBe(200);
    return { attacker, intrusionId: opened.json().intrusionId as number };
  }

  beforeAll(async () => {
    app = await buildTestApp('postgres', { config: { logLevel: 'fatal' } });
    app.clock.now = Date.now();
  }, 120_000);
  afterAll(() => app.close());

  it('the victim buys a directory while being hacked: both answer, no deadlock, the ledger agrees', async () => {
    const victim = await victimWithCash(1000);
    const { attacker, intrusionId } = await intrusion(victim);
    // The victim's row held: the hack waits for it first, the purchase second.
    const [hacked, bought] = await lineUp(
      sql`SELECT id FROM users WHERE id = ${victim.id} FOR NO KEY UPDATE`,
      () => s().hack(attacker, intrusionId, '/Token'),
      () => s().buy(victim, true),
    );
    expect([hacked.statusCode, bought.statusCode], `${hacked.body} ${bought.body}`).toEqual([200, 200]);
    // Either serial order: hack (300 of 1000) then the directory (120), or the directory then the hack (264 of 880).
    expect([580, 616]).toContain(await telnetOf(victim.id));
    await ledgerAgrees([victim.id, attacker.id]);

    for (let round = 0; round < rounds; round++) {
      const v = await victimWithCash(1000);
      const { attacker: a, intrusionId: id } = await intrusion(v);
      const [h, b] = await Promise.all([s().hack(a, id, '/Token'), s().buy(v, true)]);
      expect([h.statusCode, b.statusCode], `${h.body} ${b.body}`).toEqual([200, 200]);
      expect([580, 616]).toContain(await telnetOf(v.id));
      await ledgerAgrees([v.id, a.id]);
    }
  }, 240_000);

  it("a player's own ssh while their hack runs: no deadlock, the new intrusion replaces the old", async () => {
    const victim = await victimWithCash(1000);
    const next = await victimWithCash(0);
    const { attacker, intrusionId } = await intrusion(victim);
    // The attacker's file system held: the ssh waits for it first, the hack (which writes the attacker's cooldown) second.
    const [sshed, hacked] = await lineUp(
      sql`SELECT user_id FROM file_systems WHERE user_id = ${attacker.id} FOR UPDATE`,
      () => s().ssh(attacker, next.username),
      () => s().hack(attacker, intrusionId, '/Token'),
    );
    expect(sshed.statusCode, sshed.body).toBe(200);
    // The ssh went first and closed the intrusion the hack names.
    expect(hacked.statusCode, hacked.body).toBe(403);
    expect(await telnetOf(victim.id)).toBe(1000);

    for (let round = 0; round < rounds; round++) {
      const v = await victimWithCash(1000);
      const other = await victimWithCash(0);
      const { attacker: a, intrusionId: id } = await intrusion(v);
      const [sh, h] = await Promise.all([s().ssh(a, other.username), s().hack(a, id, '/Token')]);
      expect([sh.statusCode, h.statusCode], `${sh.body} ${h.body}`).not.toContain(500);
      // Hack first: stolen, and the forced exit's cooldown refuses the ssh; ssh first: the hack finds its intrusion closed.
      expect([sh.statusCode, h.statusCode]).toSatisfy(
        ([x, y]: number[]) => (x === 200 && y === 403) || (x === 403 && y === 200),
      );
      await ledgerAgrees([v.id, a.id]);
    }
  }, 240_000);
});
