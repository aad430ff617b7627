import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryUser, PingSystemLine } from '../../../core/api/ping';
import { balance } from '../../../core/balance';
import { texts } from '../../../core/texts';
import { developerUsername } from '../../../core/terminal/reserved-names';
import { asPlayer, buildTestApp, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';

/**
 * A player alone on the server can still finish PING AN OPERATOR (ADR 063): the developer is in the
 * directory, takes a Ping, and answers with a system line in the sender's Ping — never a thread anyone reads.
 */
describe.each(drivers)('Ping the developer [%s]', (driver) => {
  let app: TestApp;
  let lone: Player;
  let other: Player;
  let developer: DirectoryUser;
  beforeAll(async () => {
    app = await buildTestApp(driver);
    lone = await asPlayer(app);
    other = await asPlayer(app);
  });
  afterAll(() => app.close());

  const systemLines = async (player: Player) =>
    (await player.request('GET', '/api/directories/system')).json() as PingSystemLine[];
  const balanceOf = async (player: Player) => (await player.request('GET', '/api/auth/user')).json().telnet as number;

  it("is listed by 'ls' and opened by 'cd developer', though nobody can sign in as it", async () => {
    const listed = (await lone.request('GET', '/api/directories/users')).json() as DirectoryUser[];
    expect(listed.map((u) => u.username)).toContain(developerUsername);
    const found = await lone.request('GET', `/api/directories/user/${developerUsername}`);
    expect(found.statusCode, found.body).toBe(200);
    developer = found.json();
    expect(developer.username).toBe(developerUsername);
  });

  it('answers a Ping with one system line to the sender, and the mission pays once', async () => {
    app.clock.advance(balance.messageRepeatWindowMs + 1);
    const before = await balanceOf(lone);
    const sent = await lone.request('POST', '/api/directories/messages', {
      receiverId: developer.id,
      message: 'hello? anyone?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await systemLines(lone)).map((l) => l.message)).toEqual([texts.ping.developerReply]);
    // The answer is the sender's alone.
    expect(await systemLines(other)).toEqual([]);
    // The player's own side of the line shows their message, as with anyone.
    const page = (await lone.request('GET', `/api/directories/messages?partnerId=${developer.id}`)).json();
    expect(page.messages.map((m: { message: string }) => m.message)).toEqual(['hello? anyone?']);

    const complete = () => lone.request('POST', '/api/missions/complete', { missionId: 'send_private_message' });
    const first = await complete();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().rewardTelnet).toBe(balance.missionRewardTelnet);
    expect((await complete()).json().rewardTelnet).toBe(0);
    expect(await balanceOf(lone)).toBe(before + balance.missionRewardTelnet);
  });

  it('takes every later Ping under the same send limits, answering each once', async () => {
    app.clock.advance(balance.messageRepeatWindowMs + 1);
    const again = await lone.request('POST', '/api/directories/messages', {
      receiverId: developer.id,
      message: 'second try',
    });
    expect(again.statusCode, again.body).toBe(201);
    expect((await systemLines(lone)).filter((l) => l.message === texts.ping.developerReply)).toHaveLength(2);
    // The same line again at once is refused as a repeat, like any Ping, and answered by nobody.
    const repeat = await lone.request('POST', '/api/directories/messages', {
      receiverId: developer.id,
      message: 'second try',
    });
    expect(repeat.statusCode).toBe(429);
    expect((await systemLines(lone)).filter((l) => l.message === texts.ping.developerReply)).toHaveLength(2);
  });
});
