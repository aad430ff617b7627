import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../../core/balance';
import { terminalTexts as t } from '../../../core/texts/terminal';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { ready, terminalSteps } from '../../../../tests/support/terminal';

const minute = 60_000;

/** Intrusions cannot be chained: a per-(attacker, victim) cooldown, one alert per attacker per window, a log per attacker (ADR 049). */
describe.each(drivers)('terminal intrusion limits [%s]', (driver) => {
  let app: TestApp;
  const s = () => terminalSteps(app);
  /** The intrusion alerts the bus carried to each victim, by victim id. */
  const alerts = new Map<number, string[]>();
  const alertsTo = async (victim: Player) => {
    await new Promise((resolve) => setImmediate(resolve)); // the local bus delivers on a later tick
    return alerts.get(victim.id) ?? [];
  };
  const player = async () => ready(app, await asPlayer(app), { level: 8 });
  const intrude = async (attacker: Player, victim: Player) => s().ssh(attacker, victim.username);
  const exit = (attacker: Player, intrusionId: number) =>
    attacker.request('POST', '/api/filesystem/exit', { intrusionId });

  beforeAll(async () => {
    app = await buildTestApp(driver);
    app.clock.now = Date.now(); // registration times come from the database clock
    app.realtime.bus.subscribe(({ audience, event }) => {
      if (event.t !== 'terminal.intrusionStarted' || audience.kind !== 'users') return;
      for (const id of audience.userIds) alerts.set(id, [...(alerts.get(id) ?? []), event.d.attackerUsername]);
    });
  });
  afterAll(() => app.close());

  it('twenty ssh/exit in a row by one attacker: one intrusion, one alert, the rest refused until the cooldown ends', async () => {
    const victim = await player();
    const attacker = await player();
    const answers = [];
    for (let i = 0; i < 20; i++) {
      const opened = await intrude(attacker, victim);
      answers.push(opened.statusCode);
      if (opened.statusCode === 200) expect((await exit(attacker, opened.json().intrusionId)).statusCode).toBe(200);
      else expectError(opened, 403, t.intrusionCooldown(victim.username, balance.intrusionCooldownMinutes));
    }
    expect(answers.filter((c) => c === 200)).toHaveLength(1);
    expect(await alertsTo(victim)).toEqual([attacker.username]);

    // Another attacker is not held by the first one's cooldown.
    const other = await player();
    expect((await intrude(other, victim)).statusCode).toBe(200);
    expect(await alertsTo(victim)).toEqual([attacker.username, other.username]);

    app.clock.advance(balance.intrusionCooldownMinutes * minute - 1);
    expectError(await intrude(attacker, victim), 403, t.intrusionCooldown(victim.username, 1));
    app.clock.advance(1);
    expect((await intrude(attacker, victim)).statusCode).toBe(200);
  });

  it('twenty ssh of one attacker into one victim at the same instant: one intrusion, one alert', async () => {
    const victim = await player();
    const attacker = await player();
    const answers = await Promise.all(Array.from({ length: 20 }, () => intrude(attacker, victim)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200))
      expectError(a, 403, t.intrusionCooldown(victim.username, balance.intrusionCooldownMinutes));
    expect(await alertsTo(victim)).toEqual([attacker.username]);
  });

  it('the cooldown also follows an intrusion left to expire, and runs from its limit', async () => {
    const victim = await player();
    const attacker = await player();
    expect((await intrude(attacker, victim)).statusCode).toBe(200);
    app.clock.advance(balance.sshTimeLimitSeconds * 1000 + 1);
    expectError(
      await intrude(attacker, victim),
      403,
      t.intrusionCooldown(victim.username, balance.intrusionCooldownMinutes),
    );
    app.clock.advance(balance.intrusionCooldownMinutes * minute);
    expect((await intrude(attacker, victim)).statusCode).toBe(200);
  });

  it('a returning attacker alerts the victim once per window; every visit is still in the log', async () => {
    const victim = await player();
    const attacker = await player();
    const visits = Math.ceil(balance.intrusionAlertWindowMinutes / balance.intrusionCooldownMinutes) + 1;
    for (let i = 0; i < visits; i++) {
      const opened = await intrude(attacker, victim);
      expect(opened.statusCode, opened.body).toBe(200);
      await exit(attacker, opened.json().intrusionId);
      app.clock.advance(balance.intrusionCooldownMinutes * minute);
    }
    // Visits at 0, 10, 20, 30 minutes: alerted at 0 and at 30.
    expect(await alertsTo(victim)).toEqual([attacker.username, attacker.username]);
    const log = (await s().status(victim)).json().intrusionLog as { attackerUsername: string }[];
    expect(log).toHaveLength(Math.min(visits, balance.intrusionLogPerAttacker));
  });

  it("one attacker's many visits cannot push another attacker out of the victim's intrusion log", async () => {
    const victim = await player();
    const early = await player();
    const noisy = await player();
    expect((await intrude(early, victim)).statusCode).toBe(200);
    for (let i = 0; i < balance.terminalHistoryLimit + 1; i++) {
      app.clock.advance(balance.intrusionCooldownMinutes * minute + 1);
      const opened = await intrude(noisy, victim);
      expect(opened.statusCode, opened.body).toBe(200);
      await exit(noisy, opened.json().intrusionId);
    }
    const log = (await s().status(victim)).json().intrusionLog as { attackerUsername: string }[];
    const names = log.map((i) => i.attackerUsername);
    expect(names.filter((n) => n === noisy.username)).toHaveLength(balance.intrusionLogPerAttacker);
    expect(names.at(-1)).toBe(early.username);
  });
});
