import { describe, expect, it } from 'vitest';
import { terminalTexts as t } from '../../../core/texts/terminal';
import { asPlayer, expectError, type Player } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { grant } from '../../../../tests/support/items';
import { ledgerRows } from '../../../../tests/support/players';
import { ready, snapshotTerminal, terminalSteps, useTerminalApp } from '../../../../tests/support/terminal';

/** Shields that bind both ways (ADR 050): no raider kept at a low level, no bank alt nobody may touch. */
describe.each(drivers)('terminal shields both ways [%s]', (driver) => {
  const app = useTerminalApp(driver);

  const s = () => terminalSteps(app());
  const telnet = async (p: Player) => (await p.request('GET', '/api/auth/user')).json().telnet as number;
  const hackRows = async (p: Player) =>
    (await ledgerRows(app().db.database, p.id)).filter((r) => r.reason.startsWith('hack-'));

  it('an account below level 5 cannot hack anyone and changes nothing trying; at level 5 it may, and anyone may still hack the developer', async () => {
    const victim = await ready(app(), await asPlayer(app()), { level: 8, telnet: 100 });
    const newcomer = await asPlayer(app());
    const kept = await ready(app(), await asPlayer(app()), { level: 4, telnet: 10 });
    const before = await snapshotTerminal(app());
    expectError(await s().ssh(newcomer, victim.username), 403, t.hackRefusals['attacker-low-level']);
    expectError(await s().ssh(kept, victim.username), 403, t.hackRefusals['attacker-low-level']);
    expect(await snapshotTerminal(app())).toBe(before);

    // The tutorial box stays open to everyone: the hack_developer_token mission is a level-1 step.
    const tutorial = await s().ssh(newcomer, 'developer');
    expect(tutorial.statusCode, tutorial.body).toBe(200);

    await app().db.database.query('UPDATE users SET level = 5 WHERE id = $1', [kept.id]);
    const opened = await s().ssh(kept, victim.username);
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await s().hack(kept, opened.json().intrusionId as number, '/Token')).json().telnetStolen).toBe(30);
  });

  it('the level gap binds both ways: an attacker more than 10 levels below the victim is refused, 10 below goes in', async () => {
    const high = await ready(app(), await asPlayer(app()), { level: 20, telnet: 100 });
    const low = await ready(app(), await asPlayer(app()), { level: 9, telnet: 100 });
    const before = await snapshotTerminal(app());
    expectError(await s().ssh(low, high.username), 403, t.hackRefusals['level-gap-above']);
    expectError(await s().ssh(high, low.username), 403, t.hackRefusals['level-gap']);
    expect(await snapshotTerminal(app())).toBe(before);

    await app().db.database.query('UPDATE users SET level = 10 WHERE id = $1', [low.id]);
    const opened = await s().ssh(low, high.username);
    expect(opened.statusCode, opened.body).toBe(200);
  });

  it('a new account that hacks loses its own 24-hour shield: its victim may hack it back, and each side moves exactly 30 %', async () => {
    const raider = await asPlayer(app()); // registered just now: inside the 24-hour shield
    await app().db.database.query('UPDATE users SET level = 6 WHERE id = $1', [raider.id]);
    const victim = await ready(app(), await asPlayer(app()), { level: 6, telnet: 1000 });
    expectError(await s().ssh(victim, raider.username), 403, t.hackRefusals['victim-too-new']);

    const raid = await s().ssh(raider, victim.username);
    expect(raid.statusCode, raid.body).toBe(200);
    expect((await s().hack(raider, raid.json().intrusionId as number, '/Token')).json().telnetStolen).toBe(300);
    // Nothing burned: the victim lost exactly the spec's 30 %, the raider got exactly that.
    expect((await hackRows(victim)).map((r) => [r.reason, r.delta])).toEqual([['hack-lost', -300]]);
    expect((await hackRows(raider)).map((r) => [r.reason, r.delta])).toEqual([['hack-stolen', 300]]);

    await grant(app(), raider, { telnet: 100 });
    const held = await telnet(raider);
    const back = await s().ssh(victim, raider.username);
    expect(back.statusCode, back.body).toBe(200);
    const res = await s().hack(victim, back.json().intrusionId as number, '/Token');
    expect(res.json().telnetStolen).toBe(Math.floor(held * 0.3));
    expect(await telnet(raider)).toBe(held - Math.floor(held * 0.3));
  });
});
