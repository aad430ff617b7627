import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../../core/balance';
import { missionIds, missionTexts } from '../../../core/rules/missions';
import { texts } from '../../../core/texts';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';

describe.each(drivers)('missions [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver);
  });
  afterAll(() => app.close());

  const complete = (p: Player, missionId: string) => p.request('POST', '/api/missions/complete', { missionId });
  const telnetOf = async (p: Player) => (await p.request('GET', '/api/auth/user')).json().telnet as number;
  const ledgerOf = async (p: Player) =>
    app.db.database.query<{ delta: string | number; reference: string }>(
      'SELECT delta, reference FROM telnet_ledger WHERE user_id = $1 ORDER BY id',
      [p.id],
    );

  it('starts a new player on the first mission in spec order (spec §3 status)', async () => {
    const p = await asPlayer(app);
    const res = await p.request('GET', '/api/missions/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      showMissions: true,
      currentMission: { id: 'clear_binary_row', ...missionTexts.clear_binary_row },
      completedMissions: [],
      totalMissions: 9,
      allMissionsCompleted: false,
    });
  });

  it('refuses clear_binary_row until the player has decoded a row, then pays 10 Telnet once', async () => {
    const p = await asPlayer(app);
    expectError(await complete(p, 'clear_binary_row'), 409, texts.missionRequirementsNotMet);
    expect((await p.request('POST', '/api/game/tap-batch', { tapCount: 1, batchTimestamp: 1 })).statusCode).toBe(200);
    const before = await telnetOf(p);
    const done = await complete(p, 'clear_binary_row');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      success: true,
      allMissionsCompleted: false,
      rewardTelnet: balance.missionRewardTelnet,
    });
    expect(await telnetOf(p)).toBe(before + 10);
    const again = await complete(p, 'clear_binary_row');
    expect(again.json()).toEqual({ success: true, allMissionsCompleted: false, rewardTelnet: 0 });
    expect(await telnetOf(p)).toBe(before + 10);
    expect(
      (await ledgerOf(p)).filter((l) => l.reference === 'mission:clear_binary_row').map((l) => Number(l.delta)),
    ).toEqual([10]);
    const status = (await p.request('GET', '/api/missions/status')).json();
    expect(status.completedMissions).toEqual(['clear_binary_row']);
    // The Blockchain has landed: attack_blockchain comes next in spec order.
    expect(status.currentMission.id).toBe('attack_blockchain');
  });

  it('counts send_global_chat and send_private_message only after the player really sent them, in any order', async () => {
    const p = await asPlayer(app);
    const other = await asPlayer(app);
    expectError(await complete(p, 'send_private_message'), 409, texts.missionRequirementsNotMet);
    expectError(await complete(p, 'send_global_chat'), 409, texts.missionRequirementsNotMet);
    // A private message does not earn the chat mission, and the other way round.
    expect(
      (await p.request('POST', '/api/directories/messages', { receiverId: other.id, message: 'hey' })).statusCode,
    ).toBe(201);
    expectError(await complete(p, 'send_global_chat'), 409, texts.missionRequirementsNotMet);
    expect((await complete(p, 'send_private_message')).json().rewardTelnet).toBe(10);
    expect((await p.request('POST', '/api/chat/messages', { message: 'hello all' })).statusCode).toBe(201);
    expect((await complete(p, 'send_global_chat')).json().rewardTelnet).toBe(10);
    const status = (await p.request('GET', '/api/missions/status')).json();
    // Shown: the first not done in spec order, whatever order they were done in.
    expect(status.completedMissions).toEqual(['send_global_chat', 'send_private_message']);
    expect(status.currentMission.id).toBe('clear_binary_row');
    expect(await telnetOf(p)).toBe(20);
    const ledger = await ledgerOf(p);
    expect(ledger.reduce((sum, l) => sum + Number(l.delta), 0)).toBe(20);
  });

  it('counts attack_blockchain only after a real guess at the code', async () => {
    const p = await asPlayer(app);
    expectError(await complete(p, 'attack_blockchain'), 409, texts.missionRequirementsNotMet);
    // A guess costs at least 1 EXP (ADR 050): the mission comes after decoding, which earns it.
    await app.db.database.query('UPDATE users SET current_exp = 1 WHERE id = $1', [p.id]);
    const boss = (await p.request('GET', '/api/blockchain/current')).json();
    const guess = await p.request(
      'POST',
      '/api/blockchain/submit-code',
      { bossId: boss.id, guess: '0000000000' },
      { 'idempotency-key': `mission-${p.id}-guess` },
    );
    expect(guess.statusCode, guess.body).toBe(200);
    expect((await complete(p, 'attack_blockchain')).json().rewardTelnet).toBe(balance.missionRewardTelnet);
  });

  it.each(['ssh_self_root', 'create_directory', 'move_token', 'hack_developer_token'])(
    'refuses %s while its feature has not landed',
    async (missionId) => {
      const p = await asPlayer(app);
      expectError(await complete(p, missionId), 409, texts.missionRequirementsNotMet);
      expect(await telnetOf(p)).toBe(0);
    },
  );

  it('answers allMissionsCompleted and hides the panel once every mission is done', async () => {
    const p = await asPlayer(app);
    // All but one are recorded directly; the last goes through the API.
    for (const id of missionIds.filter((m) => m !== 'clear_binary_row')) {
      await app.db.database.query('INSERT INTO mission_completions (user_id, mission_id) VALUES ($1, $2)', [p.id, id]);
    }
    await p.request('POST', '/api/game/tap-batch', { tapCount: 1, batchTimestamp: 1 });
    expect((await complete(p, 'clear_binary_row')).json()).toEqual({
      success: true,
      allMissionsCompleted: true,
      rewardTelnet: 10,
    });
    expect((await p.request('GET', '/api/missions/status')).json()).toMatchObject({
      showMissions: false,
      currentMission: null,
      allMissionsCompleted: true,
      completedMissions: [...missionIds],
    });
  });

  it('refuses unknown missions, unknown fields and the signed-out', async () => {
    const p = await asPlayer(app);
    expectError(await complete(p, 'win_the_game'), 400, /Invalid missionId/);
    expectError(
      await p.request('POST', '/api/missions/complete', { missionId: 'clear_binary_row', reward: 1000 }),
      400,
      /Unknown field: reward/,
    );
    expectError(await p.request('POST', '/api/missions/complete', {}), 400, /missionId/);
    expectError(await app.fastify.inject({ method: 'GET', url: '/api/missions/status' }), 401);
    expectError(
      await p.request('POST', '/api/missions/complete', { missionId: 'clear_binary_row' }, { 'x-csrf-token': 'nope' }),
      403,
    );
  });
});
