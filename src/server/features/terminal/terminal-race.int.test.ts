import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalTexts as t } from '../../../core/texts/terminal';
import type { Database } from '../../db/connect';
import { asPlayer, buildTestApp, type Player, type TestApp } from '../../../../tests/support/app';
import { act, gearOf, grant } from '../../../../tests/support/items';
import { ready, terminalSteps, untilLockWaiters } from '../../../../tests/support/terminal';
import { sumLedger } from '../../wallet';
import { barrier } from '../../../../tests/support/race';

const racers = 20;

/**
 * The deliberately naive hack: read the intrusion, the Token's place and the victim's balance, then
 * pay and close — no row locks and no conditions between. Used only to show that each race check
 * below catches a read-then-write version. `between` runs after the reads, before the writes: a barrier
 * every racer reaches, or another change committing, so the interleaving is forced, not hoped for.
 */
async function naiveHack(
  database: Database,
  attackerId: number,
  intrusionId: number,
  tokenDir: string,
  between: () => Promise<void>,
): Promise<number> {
  const [intrusion] = await database.query<{ outcome: string; victim_id: number }>(
    'SELECT outcome, victim_id FROM intrusions WHERE id = $1',
    [intrusionId],
  );
  if (intrusion!.outcome !== 'active') return 403;
  const victimId = Number(intrusion!.victim_id);
  const [fs] = await database.query<{ token_dir: string; hacked_shield_until: Date | null }>(
    'SELECT token_dir, hacked_shield_until FROM file_systems WHERE user_id = $1',
    [victimId],
  );
  if (fs!.token_dir !== tokenDir) return 404;
  if (fs!.hacked_shield_until) return 403;
  const [victim] = await database.query<{ telnet: string }>('SELECT telnet FROM users WHERE id = $1', [victimId]);
  const balance = Number(victim!.telnet);
  const stolen = Math.floor((balance * 30) / 100);
  await between();
  await database.query('UPDATE users SET telnet = $2 WHERE id = $1', [victimId, balance - stolen]);
  await database.query('UPDATE users SET telnet = telnet + $2 WHERE id = $1', [attackerId, stolen]);
  await database.query(
    "INSERT INTO telnet_ledger (user_id, delta, reason, reference) VALUES ($1, $2, 'hack-lost', 'naive'), ($3, $4, 'hack-stolen', 'naive')",
    [victimId, -stolen, attackerId, stolen],
  );
  await database.query("UPDATE intrusions SET outcome = 'hacked', ended_at = now() WHERE id = $1", [intrusionId]);
  await database.query(
    "UPDATE file_systems SET hacked_shield_until = now() + interval '15 minutes' WHERE user_id = $1",
    [victimId],
  );
  return 200;
}

// Races need real concurrency: PGlite runs one transaction at a time, so these run on PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)(`Terminal races [%s]`.replace('%s', 'postgres'), () => {
  let app: TestApp;
  let attackers: Player[];
  const s = () => terminalSteps(app);
  const telnetOf = async (id: number) =>
    Number(
      (await app.db.database.query<{ telnet: string }>('SELECT telnet FROM users WHERE id = $1', [id]))[0]!.telnet,
    );
  const ledgerAgrees = async (ids: number[]) => {
    for (const id of ids) expect(await sumLedger(app.db.database.db, id), `player ${id}`).toBe(await telnetOf(id));
  };
  const intrusionsInto = async (victim: Player, who: Player[]) =>
    Promise.all(
      who.map(async (a) => {
        const res = await s().ssh(a, victim.username);
        expect(res.statusCode, res.body).toBe(200);
        return res.json().intrusionId as number;
      }),
    );
  const freshVictim = async (telnet: number) => {
    // No ssh of their own: any ssh opens the file system, and the victim's own would pay the ssh_self_root
    // mission (10 Telnet, after commit) now that the Terminal is switched on, moving the balance under the race.
    return ready(app, await asPlayer(app), { level: 8, telnet });
  };
  /** The balance a race starts from: `ready` marked the Terminal missions done, so mkdir and mv pay nothing. */
  const startingBalance = (userId: number) => telnetOf(userId);
  /** Frees the attackers for another round: no cooldown, no per-victim memory carried over. */
  const resetAttackers = () =>
    app.db.database.query('UPDATE file_systems SET ssh_cooldown_until = NULL WHERE user_id = ANY($1::int[])', [
      attackers.map((a) => a.id),
    ]);

  beforeAll(async () => {
    app = await buildTestApp('postgres', { config: { logLevel: 'error' } });
    app.clock.now = Date.now();
    attackers = [];
    for (let i = 0; i < racers; i++) attackers.push(await ready(app, await asPlayer(app), { level: 8 }));
  }, 180_000);
  afterAll(() => app.close());

  it('20 attackers hack one victim in the same instant: one wins, the victim loses 30 % once', async () => {
    const victim = await freshVictim(1000);
    const ids = await intrusionsInto(victim, attackers);
    const answers = await Promise.all(attackers.map((a, i) => s().hack(a, ids[i]!, '/Token')));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200))
      expect([403, a.json().message]).toEqual([403, t.hackRefusals['victim-shielded']]);
    expect(await telnetOf(victim.id)).toBe(700);
    await ledgerAgrees([victim.id, ...attackers.map((a) => a.id)]);
    await resetAttackers();
  });

  it('the one-winner check catches a naive read-then-write hack', async () => {
    const victim = await freshVictim(1000);
    const ids = await intrusionsInto(victim, attackers);
    const allRead = barrier(attackers.length);
    const statuses = await Promise.all(
      attackers.map((a, i) => naiveHack(app.db.database, a.id, ids[i]!, '/', allRead)),
    );
    // Every attacker read the victim unshielded: each one steals.
    expect(statuses.filter((x) => x === 200)).toHaveLength(attackers.length);
    await resetAttackers();
  });

  it('the same hack sent 20 times (new keys) or twice with one key: stolen once', async () => {
    const victim = await freshVictim(500);
    const [attacker] = attackers;
    const [intrusionId] = await intrusionsInto(victim, [attacker!]);
    const answers = await Promise.all(
      Array.from({ length: racers }, () => s().hack(attacker!, intrusionId!, '/Token')),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 403 && a.json().message === t.noActiveIntrusion)).toHaveLength(
      racers - 1,
    );
    expect(await telnetOf(victim.id)).toBe(350);
    await resetAttackers();

    const second = await freshVictim(500);
    const [again] = await intrusionsInto(second, [attackers[1]!]);
    const key = randomUUID();
    const both = await Promise.all([
      s().hack(attackers[1]!, again!, '/Token', undefined, key),
      s().hack(attackers[1]!, again!, '/Token', undefined, key),
    ]);
    expect(both.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(both[0]!.json()).toEqual(both[1]!.json());
    expect(await telnetOf(second.id)).toBe(350);
    await ledgerAgrees([victim.id, second.id, attacker!.id, attackers[1]!.id]);
    await resetAttackers();
  });

  it('the stolen-once check catches a naive hack sent twice', async () => {
    const victim = await freshVictim(500);
    const [intrusionId] = await intrusionsInto(victim, [attackers[2]!]);
    const allRead = barrier(racers);
    const statuses = await Promise.all(
      Array.from({ length: racers }, () => naiveHack(app.db.database, attackers[2]!.id, intrusionId!, '/', allRead)),
    );
    expect(statuses.filter((x) => x === 200)).toHaveLength(racers);
    await resetAttackers();
  });

  /** Holds the victim's file system row in another transaction (an mv committing) until a hack waits on it. */
  async function moveWhileHackWaits(victimId: number, hack: () => Promise<number>): Promise<number> {
    let result: Promise<number> | null = null;
    await app.db.database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE file_systems SET token_dir = '/b' WHERE user_id = ${victimId}`);
      result = hack();
      // Wait for the condition, not for time: the hack is blocked on our row lock.
      await untilLockWaiters(app, 1);
    });
    return result!;
  }

  it('the victim moves the Token while being hacked: the hack sees where it is at commit', async () => {
    // Deterministic: the move holds the row, the hack waits, the move commits, the hack finds nothing.
    const victim = await freshVictim(1000);
    await s().op(victim, 'mkdir', 'a');
    await app.db.database.query("INSERT INTO fs_directories (user_id, path, created_at) VALUES ($1, '/b', now())", [
      victim.id,
    ]);
    await s().op(victim, 'mv', 'Token', 'a/');
    const base = await startingBalance(victim.id);
    const [intrusionId] = await intrusionsInto(victim, [attackers[3]!]);
    const status = await moveWhileHackWaits(
      victim.id,
      async () => (await s().hack(attackers[3]!, intrusionId!, '/a/Token')).statusCode,
    );
    expect(status).toBe(404);
    expect(await telnetOf(victim.id)).toBe(base);

    // And through the API at the same instant, many times: all or nothing, the ledger agrees.
    for (let round = 0; round < 6; round++) {
      const v = await freshVictim(1000);
      await s().op(v, 'mkdir', 'a');
      await s().op(v, 'mkdir', 'b');
      await s().op(v, 'mv', 'Token', 'a/');
      const before = await startingBalance(v.id);
      const attacker = attackers[4 + round]!;
      const [id] = await intrusionsInto(v, [attacker]);
      const [hacked, moved] = await Promise.all([
        s().hack(attacker, id!, '/a/Token'),
        s().op(v, 'mv', '/a/Token', '/b/'),
      ]);
      expect(moved.statusCode).toBe(200);
      expect([200, 404]).toContain(hacked.statusCode);
      expect(await telnetOf(v.id)).toBe(hacked.statusCode === 200 ? before - Math.floor((before * 30) / 100) : before);
      await ledgerAgrees([v.id, attacker.id]);
    }
    await resetAttackers();
    // Seven fresh players and their missions, each round several requests: minutes on a loaded machine.
  }, 180_000);

  it('the at-commit check catches a naive hack that pays for a Token already moved', async () => {
    const victim = await freshVictim(1000);
    await s().op(victim, 'mkdir', 'a');
    await s().op(victim, 'mv', 'Token', 'a/');
    const [intrusionId] = await intrusionsInto(victim, [attackers[11]!]);
    const status = await naiveHack(app.db.database, attackers[11]!.id, intrusionId!, '/a', async () => {
      await app.db.database.query("UPDATE file_systems SET token_dir = '/' WHERE user_id = $1", [victim.id]);
    });
    expect(status).toBe(200); // the naive version paid although the Token had left /a
    await resetAttackers();
  });

  it('the victim spends on the market while being hacked: nothing is created or lost', async () => {
    const seller = await asPlayer(app);
    for (let round = 0; round < 6; round++) {
      const victim = await freshVictim(1000);
      const attacker = attackers[12 + round]!;
      const listingId = (
        await act(seller, '/api/marketplace/create', {
          itemType: 'gear',
          itemId: await gearOf(app, seller),
          price: 800,
        })
      ).json().listing.id;
      const [intrusionId] = await intrusionsInto(victim, [attacker]);
      const [hacked, bought] = await Promise.all([
        s().hack(attacker, intrusionId!, '/Token'),
        act(victim, '/api/marketplace/buy', { listingId }),
      ]);
      expect(hacked.statusCode).toBe(200);
      // Serial orders only: hack first (700 left, the buy refused) or buy first (200 left, 60 stolen).
      const left = await telnetOf(victim.id);
      if (bought.statusCode === 200) expect([left, hacked.json().telnetStolen]).toEqual([140, 60]);
      else expect([left, bought.statusCode, hacked.json().telnetStolen]).toEqual([700, 409, 300]);
      await ledgerAgrees([victim.id, attacker.id, seller.id]);
    }
    await resetAttackers();
    // Seven fresh players and their missions, each round several requests: minutes on a loaded machine.
  }, 180_000);

  it('the ledger check catches a naive hack that writes a stale balance over a market spend', async () => {
    const seller = await asPlayer(app);
    const victim = await freshVictim(1000);
    const listingId = (
      await act(seller, '/api/marketplace/create', { itemType: 'gear', itemId: await gearOf(app, seller), price: 800 })
    ).json().listing.id;
    const [intrusionId] = await intrusionsInto(victim, [attackers[19]!]);
    await naiveHack(app.db.database, attackers[19]!.id, intrusionId!, '/', async () => {
      expect((await act(victim, '/api/marketplace/buy', { listingId })).statusCode).toBe(200);
    });
    expect(await sumLedger(app.db.database.db, victim.id)).not.toBe(await telnetOf(victim.id));
    await grant(app, victim, { telnet: 1 }); // keeps the scratch database valid for anything after
  });
});
