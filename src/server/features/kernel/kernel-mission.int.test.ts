import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridPaths } from '../../../core/api/kernel';
import { balance } from '../../../core/balance';
import { bitPrice } from '../../../core/rules/kernel';
import { texts } from '../../../core/texts';
import { asPlayer, expectError, type Player } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { listeningTestApp, type ListeningTestApp } from '../../../../tests/support/listening-app';
import { act, grant } from '../../../../tests/support/items';
import { ledgerRows } from '../../../../tests/support/players';

const mission = 'purchase_kernel_bit';

describe.each(drivers)('the purchase_kernel_bit mission [%s]', (driver) => {
  let app: ListeningTestApp;
  beforeAll(async () => {
    app = await listeningTestApp(driver);
  });
  afterAll(() => app.close());

  const buyer = async (telnet: number) => {
    const p = await asPlayer(app);
    expect((await p.request('POST', gridPaths.setColor, { colorR: 40, colorG: 80, colorB: 120 })).statusCode).toBe(200);
    if (telnet > 0) await grant(app, p, { telnet });
    return p;
  };
  const buy = (p: Player, x: number, y: number) => act(p, gridPaths.purchase, { x, y });
  const telnet = async (p: Player) => (await p.request('GET', '/api/auth/user')).json().telnet as number;
  const missionRewards = async (p: Player) =>
    (await ledgerRows(app.db.database, p.id))
      .filter((r) => r.reference === `mission:${mission}`)
      .map((r) => Number(r.delta));
  const completed = async (p: Player) =>
    (await p.request('GET', '/api/missions/status')).json().completedMissions as string[];
  const claim = (p: Player) => p.request('POST', '/api/missions/complete', { missionId: mission });

  it('a real purchase completes the mission and pays 10 Telnet once through the ledger, however many bits follow', async () => {
    const p = await buyer(100);
    expect(await completed(p)).not.toContain(mission);
    const first = await buy(p, 600, 600);
    expect(first.statusCode, first.body).toBe(200);
    expect(await completed(p)).toContain(mission);
    expect(await missionRewards(p)).toEqual([balance.missionRewardTelnet]);
    expect(await telnet(p)).toBe(100 - bitPrice(600, 600) + balance.missionRewardTelnet);
    // More bits, and a claim from the client afterwards, pay nothing more.
    expect((await buy(p, 601, 600)).statusCode).toBe(200);
    expect((await buy(p, 602, 600)).statusCode).toBe(200);
    const again = await claim(p);
    expect(again.json()).toMatchObject({ success: true, rewardTelnet: 0 });
    expect(await missionRewards(p)).toEqual([balance.missionRewardTelnet]);
    expect(await telnet(p)).toBe(
      100 - bitPrice(600, 600) - bitPrice(601, 600) - bitPrice(602, 600) + balance.missionRewardTelnet,
    );
    expect((await completed(p)).filter((m) => m === mission)).toHaveLength(1);
  });

  it("pushes the buyer's new mission status and balance, so the panel moves on without a reload", async () => {
    const p = await buyer(100);
    const socket = await app.socket(p.cookie);
    expect((await buy(p, 620, 620)).statusCode).toBe(200);
    const status = await socket.next('missions.statusChanged', (e) => e.d.completedMissions.includes(mission));
    expect(status.d.totalMissions).toBe(9);
    await socket.next('user.updated', (e) => e.d.telnet === 100 - bitPrice(620, 620) + balance.missionRewardTelnet);
  });

  it('is refused to a client claiming it without a purchase, and pays nothing', async () => {
    const p = await buyer(100);
    expectError(await claim(p), 409, texts.missionRequirementsNotMet);
    expect(await completed(p)).not.toContain(mission);
    expect(await missionRewards(p)).toEqual([]);
    expect(await telnet(p)).toBe(100);
  });

  it('a failed purchase (the bit owned by someone else, or too little Telnet) does not complete it', async () => {
    const owner = await buyer(100);
    expect((await buy(owner, 610, 610)).statusCode).toBe(200);
    const late = await buyer(100);
    expectError(await buy(late, 610, 610), 409);
    const poor = await buyer(0);
    expectError(await buy(poor, 400, 401), 409);
    for (const p of [late, poor]) {
      expect(await completed(p)).not.toContain(mission);
      expect(await missionRewards(p)).toEqual([]);
      expectError(await claim(p), 409, texts.missionRequirementsNotMet);
    }
    expect(await telnet(late)).toBe(100);
    // The one who really bought it has the mission.
    expect(await completed(owner)).toContain(mission);
  });
});
