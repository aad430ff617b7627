import { balance } from '../../../core/balance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalTexts as t } from '../../../core/texts/terminal';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { act, grant } from '../../../../tests/support/items';
import { ledgerRows } from '../../../../tests/support/players';
import { sumLedger } from '../../wallet';
import { ready, snapshotTerminal, terminalSteps } from '../../../../tests/support/terminal';

const day = 86_400_000;

describe.each(drivers)('terminal [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver);
    app.clock.now = Date.now(); // registration times come from the database clock
  });
  afterAll(() => app.close());

  const steps = () => terminalSteps(app);
  const telnet = async (p: Player) => (await p.request('GET', '/api/auth/user')).json().telnet as number;

  it('ssh into oneself opens root; mkdir, cd, mv and rm work with the spec texts', async () => {
    const s = steps();
    const me = await asPlayer(app);
    const opened = await s.ssh(me, me.username);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      success: true,
      mode: 'root',
      currentPath: '/',
      intrusionId: null,
      timeLimit: null,
      fileSystem: [{ name: 'Token', path: '/Token', type: 'token' }],
    });

    expect((await s.op(me, 'mkdir', 'vault')).json()).toMatchObject({
      success: true,
      message: t.directoryCreated('/vault'),
      path: '/vault',
    });
    expectError(await s.op(me, 'mkdir', 'vault'), 409, t.directoryExists);
    // Level 1 holds one directory (docs/game-rules.md §18).
    expectError(await s.op(me, 'mkdir', 'second'), 403, t.directoryLimit(1));
    expectError(await s.op(me, 'mkdir', 'nowhere/deep'), 404, t.directoryNotFound);
    expectError(await s.op(me, 'mkdir', 'Token'), 400, t.pathErrors['reserved-name']);

    expectError(await s.op(me, 'mv', 'Token', 'vault'), 400, t.tokenCannotBeRenamed);
    expectError(await s.op(me, 'mv', 'vault', 'x/'), 400, t.onlyTokenMoves);
    expectError(await s.op(me, 'mv', 'Token', 'missing/'), 404, t.directoryNotFound);
    expect((await s.op(me, 'mv', '/Token', 'vault/')).json()).toMatchObject({
      message: t.tokenMoved('/vault'),
      fileSystem: [{ name: 'Token', path: '/vault/Token', type: 'token' }],
    });
    expectError(await s.op(me, 'mv', '/Token', 'vault/'), 404, t.invalidPath);
    expectError(await s.op(me, 'rm', 'vault'), 409, t.directoryNotEmpty);
    expectError(await s.op(me, 'rm', 'vault/Token'), 400, t.cannotRemoveToken);
    expectError(await s.op(me, 'rm', '/'), 400, t.cannotRemoveRoot);

    expect((await s.ls(me, '/')).json()).toEqual({
      path: '/',
      contents: [{ name: 'vault', path: '/vault', type: 'directory' }],
    });
    expect((await s.ls(me, '/vault/../vault/./')).json().contents).toEqual([
      { name: 'Token', path: '/vault/Token', type: 'token' },
    ]);
    expectError(await s.ls(me, '/nope'), 404, t.directoryNotFound);

    await s.op(me, 'mv', 'vault/Token', '../');
    expect((await s.op(me, 'rm', 'vault')).json()).toMatchObject({
      message: t.removed('/vault'),
      fileSystem: [{ name: 'Token', type: 'token' }],
    });
  });

  it('an intrusion shows one directory at a time, never the Token up front; the right path steals 30 %', async () => {
    const s = steps();
    const victim = await ready(app, await asPlayer(app), { level: 6, telnet: 1001 });
    const attacker = await ready(app, await asPlayer(app), { level: 6, telnet: 50 });
    await s.ssh(victim, victim.username);
    await s.op(victim, 'mkdir', 'home');
    await s.op(victim, 'mkdir', 'home/deep');
    await s.op(victim, 'mv', 'Token', '/home/deep/');

    const opened = await s.ssh(attacker, victim.username);
    expect(opened.statusCode, opened.body).toBe(200);
    const { intrusionId, timeLimit, fileSystem } = opened.json();
    expect(timeLimit).toBe(60);
    expect(opened.json().mode).toBe('intrusion');
    // The whole response, not only the screen: the Token's directory is nowhere in it.
    expect(fileSystem).toEqual([{ name: 'home', path: '/home', type: 'directory' }]);
    expect(opened.body).not.toContain('deep');
    expect((await s.ls(attacker, '/home', intrusionId)).json().contents).toEqual([
      { name: 'deep', path: '/home/deep', type: 'directory' },
    ]);

    expectError(await s.hack(attacker, intrusionId, '/home/Token'), 404, t.invalidPath);
    expectError(await s.hack(attacker, intrusionId, '/home/../../etc/Token'), 404, t.invalidPath);
    // With the Terminal switched on, the victim's ssh/mkdir/mv also paid three missions (10 each): 1,031 → 309.
    const [victimBefore, attackerBefore] = [await telnet(victim), await telnet(attacker)];
    const stolen = Math.floor((victimBefore * 30) / 100);
    const hacked = await s.hack(attacker, intrusionId, 'deep/Token', '/home');
    expect(hacked.statusCode, hacked.body).toBe(200);
    expect(hacked.json()).toEqual({
      success: true,
      message: t.hackSucceeded(stolen, victim.username),
      telnetStolen: stolen,
      fileSystem: [],
      forceExit: true,
    });
    expect(await telnet(attacker)).toBe(attackerBefore + stolen);
    expect(await telnet(victim)).toBe(victimBefore - stolen);
    expect((await ledgerRows(app.db.database, victim.id)).at(-1)).toEqual({
      delta: -stolen,
      reason: 'hack-lost',
      reference: `intrusion:${intrusionId}`,
    });
    expect((await ledgerRows(app.db.database, attacker.id)).at(-1)).toEqual({
      delta: stolen,
      reason: 'hack-stolen',
      reference: `intrusion:${intrusionId}`,
    });
    for (const p of [victim, attacker]) expect(await sumLedger(app.db.database.db, p.id)).toBe(await telnet(p));

    // Forced out: the intrusion answers nothing more, and ssh into others is locked for 15 minutes.
    expectError(await s.ls(attacker, '/', intrusionId), 403, t.noActiveIntrusion);
    expectError(await s.ssh(attacker, victim.username), 403, t.sshCooldown(15));

    const [mine, theirs] = [(await s.status(attacker)).json(), (await s.status(victim)).json()];
    expect(mine.attackHistory).toEqual([
      {
        createdAt: expect.any(String),
        type: 'sent',
        attackerUsername: attacker.username,
        victimUsername: victim.username,
        telnetStolen: stolen,
      },
    ]);
    expect(theirs.attackHistory).toEqual([
      {
        createdAt: expect.any(String),
        type: 'received',
        attackerUsername: attacker.username,
        victimUsername: victim.username,
        telnetStolen: stolen,
      },
    ]);
    expect(theirs.intrusionLog).toEqual([
      {
        intrusionId,
        attackerUsername: attacker.username,
        startedAt: expect.any(String),
        endedAt: expect.any(String),
        outcome: 'hacked',
      },
    ]);
    expect(mine.sshCooldownUntil).not.toBeNull();
  });

  it('fair play: shielded newcomers, the level gap, one hack per victim per day, the victim shield', async () => {
    const s = steps();
    const fresh = await asPlayer(app);
    const attacker = await ready(app, await asPlayer(app), { level: 20 });
    expectError(await s.ssh(attacker, fresh.username), 403, t.hackRefusals['victim-low-level']);
    await app.db.database.query('UPDATE users SET level = 9 WHERE id = $1', [fresh.id]);
    expectError(await s.ssh(attacker, fresh.username), 403, t.hackRefusals['victim-too-new']);
    await ready(app, fresh, { level: 9 });
    expectError(await s.ssh(attacker, fresh.username), 403, t.hackRefusals['level-gap']);

    const victim = await ready(app, await asPlayer(app), { level: 12, telnet: 100 });
    const first = (await s.ssh(attacker, victim.username)).json();
    expect((await s.hack(attacker, first.intrusionId, '/Token')).json().telnetStolen).toBe(30);
    app.clock.advance(16 * 60_000); // past the attacker's cooldown and the victim's shield
    expectError(await s.ssh(attacker, victim.username), 403, t.hackRefusals['already-hacked-today']);
    const other = await ready(app, await asPlayer(app), { level: 12 });
    const again = (await s.ssh(other, victim.username)).json();
    expect((await s.hack(other, again.intrusionId, '/Token')).json().telnetStolen).toBe(21);
    const third = await ready(app, await asPlayer(app), { level: 12 });
    expectError(await s.ssh(third, victim.username), 403, t.hackRefusals['victim-shielded']);
    app.clock.advance(day);
    expect((await s.ssh(attacker, victim.username)).statusCode).toBe(200);
  });

  it('the server refuses every command of an intrusion after its limit; the jobs runner closes it', async () => {
    const s = steps();
    const victim = await ready(app, await asPlayer(app), { level: 6, telnet: 100 });
    const attacker = await ready(app, await asPlayer(app), { level: 6 });
    const { intrusionId } = (await s.ssh(attacker, victim.username)).json();
    app.clock.advance(59_999);
    expect((await s.ls(attacker, '/', intrusionId)).statusCode).toBe(200);
    app.clock.advance(1);
    const before = await snapshotTerminal(app);
    expectError(await s.ls(attacker, '/', intrusionId), 403, t.sessionExpired);
    expectError(await s.hack(attacker, intrusionId, '/Token'), 403, t.sessionExpired);
    expect(await snapshotTerminal(app)).toBe(before);
    expect((await s.status(victim)).json().intrusionLog[0]).toMatchObject({ intrusionId, outcome: 'expired' });
    await app.jobs.runDue();
    const [row] = await app.db.database.query<{ outcome: string }>('SELECT outcome FROM intrusions WHERE id = $1', [
      intrusionId,
    ]);
    expect(row!.outcome).toBe('expired');
    expect(await telnet(victim)).toBe(100);
  });

  it("another player's intrusion id and a replayed hack change nothing", async () => {
    const s = steps();
    const victim = await ready(app, await asPlayer(app), { level: 6, telnet: 200 });
    const attacker = await ready(app, await asPlayer(app), { level: 6 });
    const stranger = await ready(app, await asPlayer(app), { level: 6 });
    const { intrusionId } = (await s.ssh(attacker, victim.username)).json();
    expectError(await s.ls(stranger, '/', intrusionId), 403, t.noActiveIntrusion);
    expectError(await s.hack(stranger, intrusionId, '/Token'), 403, t.noActiveIntrusion);
    const key = 'hack-replay-key-1';
    const first = await act(attacker, '/api/filesystem/hack-token', { tokenPath: '/Token', intrusionId }, key);
    const replay = await act(attacker, '/api/filesystem/hack-token', { tokenPath: '/Token', intrusionId }, key);
    expect(first.json().telnetStolen).toBe(60);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await telnet(victim)).toBe(140);
    expectError(
      await act(attacker, '/api/filesystem/hack-token', { tokenPath: '/Token', intrusionId }),
      403,
      t.noActiveIntrusion,
    );
    expectError(await s.ssh(attacker, 'no-such-operator'), 404, t.targetNotFound);
  });

  it('the developer: cannot log in, pays nothing, completes hack_developer_token', async () => {
    const s = steps();
    const me = await asPlayer(app);
    const login = await app.fastify.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { loginId: '~developer', password: 'Passw0rd!' },
    });
    expect(login.statusCode).toBe(401);
    const board = (await me.request('GET', '/api/leaderboard?sortBy=level&limit=30')).json();
    expect(JSON.stringify(board)).not.toContain('developer');
    const opened = (await s.ssh(me, 'developer')).json();
    expect(opened).toMatchObject({ targetIsDeveloper: true, mode: 'intrusion' });
    expect(opened.fileSystem.map((i: { name: string }) => i.name)).toEqual(['etc', 'home', 'var']);
    const hacked = await s.hack(me, opened.intrusionId, '/home/developer/projects/Token');
    expect(hacked.json()).toEqual({
      success: true,
      message: t.developerHacked,
      telnetStolen: 0,
      fileSystem: [],
      forceExit: true,
    });
    // Nothing stolen from the developer; the only Telnet is the mission's reward, paid before the answer.
    expect(await telnet(me)).toBe(balance.missionRewardTelnet);
    expect((await s.ssh(me, 'developer')).statusCode).toBe(200); // no cooldown for the tutorial box
  });

  it('buy-dir quotes, buy-dir-confirm pays through the ledger once per key; 400 short, 403 at the maximum', async () => {
    const s = steps();
    const me = await asPlayer(app);
    expect((await s.buy(me, false)).json()).toEqual({
      success: true,
      message: t.buyDirQuote(120),
      cost: 120,
      bought: false,
    });
    expectError(await s.buy(me, true), 400, t.notEnoughTelnet);
    expectError(await me.request('POST', '/api/filesystem/buy-directory', { confirm: true }), 400, /Idempotency-Key/);
    await grant(app, me, { telnet: 120 + 240 + 360 + 480 + 600 });
    const key = 'buy-dir-key-0001';
    expect((await s.buy(me, true, key)).json()).toMatchObject({ bought: true, cost: 120 });
    expect((await s.buy(me, true, key)).json()).toMatchObject({ bought: true, cost: 120 });
    for (const price of [240, 360, 480, 600]) expect((await s.buy(me, true)).json().cost).toBe(price);
    expectError(await s.buy(me, true), 403, t.maxDirectoriesReached);
    expectError(await s.buy(me, false), 403, t.maxDirectoriesReached);
    expect(await telnet(me)).toBe(0);
    expect(
      (await ledgerRows(app.db.database, me.id)).filter((r) => r.reason === 'directory-purchase').map((r) => r.delta),
    ).toEqual([-120, -240, -360, -480, -600]);
    expect((await s.status(me)).json()).toMatchObject({
      currentDirectories: 0,
      maxDirectories: 6,
      extraDirectories: 5,
      nextDirectoryPrice: null,
    });
  });

  it('missions ssh_self_root, create_directory and move_token are completed by the server from the real actions', async () => {
    const s = steps();
    const me = await asPlayer(app);
    await s.ssh(me, me.username);
    await s.op(me, 'mkdir', 'stash');
    await s.op(me, 'mv', 'Token', 'stash/');
    await expect
      .poll(async () => (await me.request('GET', '/api/missions/status')).json().completedMissions)
      .toEqual(expect.arrayContaining(['ssh_self_root', 'create_directory', 'move_token']));
    expect((await ledgerRows(app.db.database, me.id)).filter((r) => r.reason === 'mission')).toHaveLength(3);
  });
});
