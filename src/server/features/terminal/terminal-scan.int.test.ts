import { describe, expect, it } from 'vitest';
import { ScanResult } from '../../../core/api/filesystem';
import { developerUsername } from '../../../core/terminal/reserved-names';
import { asPlayer, type Player } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { ready, snapshotTerminal, terminalSteps, useTerminalApp } from '../../../../tests/support/terminal';

/** scan (ADR 067): who a player may hack now and why the others are protected, judged as ssh judges. */
describe.each(drivers)('terminal scan [%s]', (driver) => {
  const app = useTerminalApp(driver);

  const s = () => terminalSteps(app());
  const scan = async (p: Player, query = '') => {
    const res = await p.request('GET', `/api/filesystem/scan${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return ScanResult.parse(res.json());
  };
  const protectionOf = (result: ScanResult, username: string) =>
    result.targets.find((t) => t.username === username)?.protection;

  it('names the new-player shields and the level gap both ways, and the open targets with their level', async () => {
    const attacker = await ready(app(), await asPlayer(app()), { level: 60 });
    const open = await ready(app(), await asPlayer(app()), { level: 62 });
    const newcomer = await asPlayer(app()); // registered just now
    await app().db.database.query('UPDATE users SET level = 61 WHERE id = $1', [newcomer.id]);
    const low = await ready(app(), await asPlayer(app()), { level: 3 });
    const below = await ready(app(), await asPlayer(app()), { level: 49 });
    const above = await ready(app(), await asPlayer(app()), { level: 71 });

    const result = await scan(attacker);
    expect(result.level).toBe(60);
    expect(result.targets.find((t) => t.username === open.username)).toEqual({
      username: open.username,
      level: 62,
      protection: null,
    });
    expect(protectionOf(result, newcomer.username)).toBe('victim-too-new');
    expect(protectionOf(result, low.username)).toBe('victim-low-level');
    expect(protectionOf(result, below.username)).toBe('level-gap');
    expect(protectionOf(result, above.username)).toBe('level-gap-above');
    expect(protectionOf(result, developerUsername)).toBeNull();
    expect(result.targets.map((t) => t.username)).not.toContain(attacker.username);
    // Nearest in level first: the open target (2 away) comes before the level-gap ones.
    const names = result.targets.map((t) => t.username);
    expect(names.indexOf(open.username)).toBeLessThan(names.indexOf(below.username));

    // What scan says is what ssh does.
    expect((await s().ssh(attacker, open.username)).statusCode).toBe(200);
    expect((await s().ssh(attacker, below.username)).statusCode).toBe(403);

    // A player below level 5 is told they cannot hack anyone yet.
    expect(protectionOf(await scan(low), open.username)).toBe('attacker-low-level');
  });

  it('names the cooldowns: after an intrusion, after a hack (the attacker) and the hacked victim shield (everyone else)', async () => {
    const attacker = await ready(app(), await asPlayer(app()), { level: 30 });
    const victim = await ready(app(), await asPlayer(app()), { level: 30, telnet: 100 });
    const other = await ready(app(), await asPlayer(app()), { level: 31 });
    const third = await ready(app(), await asPlayer(app()), { level: 30 });

    const visit = await s().ssh(attacker, other.username);
    expect(
      (await attacker.request('POST', '/api/filesystem/exit', { intrusionId: visit.json().intrusionId })).statusCode,
    ).toBe(200);
    expect(protectionOf(await scan(attacker), other.username)).toBe('intrusion-cooldown');

    const raid = await s().ssh(attacker, victim.username);
    expect((await s().hack(attacker, raid.json().intrusionId as number, '/Token')).statusCode).toBe(200);
    expect(protectionOf(await scan(attacker), victim.username)).toBe('victim-shielded');
    expect(protectionOf(await scan(third), victim.username)).toBe('victim-shielded');
    app().clock.now += 16 * 60_000; // past the victim's 15-minute shield
    expect(protectionOf(await scan(attacker), victim.username)).toBe('already-hacked-today');
    expect(protectionOf(await scan(third), victim.username)).toBeNull();
  });

  it('reveals nothing private: names, levels and reasons only, no Token or directories', async () => {
    const attacker = await ready(app(), await asPlayer(app()), { level: 40 });
    const hider = await ready(app(), await asPlayer(app()), { level: 40 });
    expect((await s().op(hider, 'mkdir', '/secretvault')).statusCode).toBe(200);
    expect((await s().op(hider, 'mv', '/Token', '/secretvault/')).statusCode).toBe(200);
    const res = await attacker.request('GET', '/api/filesystem/scan');
    expect(Object.keys(res.json()).sort()).toEqual(['level', 'targets']);
    for (const target of res.json().targets)
      expect(Object.keys(target).sort()).toEqual(['level', 'protection', 'username']);
    expect(res.body).not.toContain('secretvault');
    expect(res.body).not.toContain('Token');
  });

  it('is bounded, refuses bad input with a 400 and a signed-out caller with a 401, and changes nothing', async () => {
    const attacker = await ready(app(), await asPlayer(app()), { level: 20 });
    expect((await scan(attacker, '?limit=2')).targets.length).toBe(2);
    const before = await snapshotTerminal(app());
    for (const query of ['?limit=0', '?limit=21', '?limit=abc', '?limit=1.5', '?path=/']) {
      const res = await attacker.request('GET', `/api/filesystem/scan${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await app().fastify.inject({ method: 'GET', url: '/api/filesystem/scan' })).statusCode).toBe(401);
    expect(await snapshotTerminal(app())).toBe(before);
  });
});
