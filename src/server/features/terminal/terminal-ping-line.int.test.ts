import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pingTexts } from '../../../core/texts/ping';
import { terminalTexts as t } from '../../../core/texts/terminal';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { ready, terminalSteps } from '../../../../tests/support/terminal';

/** The victim of a hack gets one system line in Ping, written with the hack. */
describe.each(drivers)('terminal → Ping system line [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver);
    app.clock.now = Date.now(); // registration times come from the database clock
  });
  afterAll(() => app.close());

  const systemLines = async (p: Player) => {
    const res = await p.request('GET', '/api/directories/system');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number; message: string; createdAt: string }[];
  };
  const linesFor = async (userId: number) =>
    (
      await app.db.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM ping_system_lines WHERE user_id = $1',
        [userId],
      )
    )[0]!.n;
  const allLines = async () =>
    (await app.db.database.query<{ n: number }>('SELECT count(*)::int AS n FROM ping_system_lines'))[0]!.n;

  it('a hack writes exactly one line for the victim, none for anyone else; refused hacks write none', async () => {
    const s = terminalSteps(app);
    const victim = await ready(app, await asPlayer(app), { level: 8, telnet: 1000 });
    const attacker = await ready(app, await asPlayer(app), { level: 8 });
    const late = await ready(app, await asPlayer(app), { level: 8 });
    const bystander = await ready(app, await asPlayer(app), { level: 8 });
    const before = await allLines();

    const intrusion = (await s.ssh(attacker, victim.username)).json().intrusionId as number;
    const lateIntrusion = (await s.ssh(late, victim.username)).json().intrusionId as number;
    // A wrong path is a refused hack: no Telnet moves and no line is written.
    expectError(await s.hack(attacker, intrusion, '/nowhere/Token'), 404, t.invalidPath);
    expect(await allLines()).toBe(before);

    const hacked = await s.hack(attacker, intrusion, '/Token');
    expect(hacked.statusCode, hacked.body).toBe(200);
    expect(hacked.json().telnetStolen).toBe(300);

    const lines = await systemLines(victim);
    expect(lines.map((l) => l.message)).toEqual([pingTexts.tokenHackedLine(attacker.username, 300)]);
    expect(lines[0]!.message).toContain(attacker.username);
    // Not a private message: nobody's conversation or unread list shows it, so nothing can answer it.
    expect((await victim.request('GET', '/api/directories/conversations')).json()).toEqual([]);
    expect((await victim.request('GET', '/api/directories/unread')).json()).toEqual([]);
    expect(await systemLines(attacker)).toEqual([]);
    expect(await systemLines(bystander)).toEqual([]);
    expect(await linesFor(victim.id)).toBe(1);
    expect(await allLines()).toBe(before + 1);

    // The second intruder, still inside the limit, is refused by the victim's fresh shield: no line.
    expectError(await s.hack(late, lateIntrusion, '/Token'), 403, t.hackRefusals['victim-shielded']);
    // The same hack sent again with its key is a replay, not a second hack: no second line.
    const key = 'replayed-hack-key-0001';
    const replayVictim = await ready(app, await asPlayer(app), { level: 8, telnet: 100 });
    const replayer = await ready(app, await asPlayer(app), { level: 8 });
    const replayIntrusion = (await s.ssh(replayer, replayVictim.username)).json().intrusionId as number;
    expect((await s.hack(replayer, replayIntrusion, '/Token', undefined, key)).statusCode).toBe(200);
    expect((await s.hack(replayer, replayIntrusion, '/Token', undefined, key)).statusCode).toBe(200);
    expect(await linesFor(replayVictim.id)).toBe(1);
    expect(await linesFor(victim.id)).toBe(1);
    expect(await allLines()).toBe(before + 2);
  });

  it('a developer hack writes no line (nobody lost anything)', async () => {
    const s = terminalSteps(app);
    const attacker = await ready(app, await asPlayer(app), { level: 8 });
    const before = await allLines();
    const opened = await s.ssh(attacker, 'developer');
    expect(opened.statusCode, opened.body).toBe(200);
    const res = await s.hack(attacker, opened.json().intrusionId as number, '/home/developer/projects/Token');
    expect(res.json()).toMatchObject({ message: t.developerHacked, telnetStolen: 0 });
    expect(await allLines()).toBe(before);
  });
});
