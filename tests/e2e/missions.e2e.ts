import type { Page, Request, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { User } from '../../src/core/api/common';
import { buildMissionStatus, missionIds, missionTexts, type MissionId } from '../../src/core/rules/missions';
import { balance } from '../../src/core/balance';
import { texts } from '../../src/core/texts';
import {
  decodeRowWithKeyboard,
  desktop,
  expectNoSeriousViolations,
  missionCount,
  missionTitle,
  newPage,
  newPlayer,
  registerViaUi,
  sendChat,
  snap,
  telnetShown,
  unique,
  useGame,
  waitFor,
  waitForLiveLink,
} from './fixtures';

const game = useGame();

const countIs = (page: Page, label: string) =>
  waitFor(
    async () => (await missionCount(page).getAttribute('aria-valuetext')) === label,
    `the mission count to read ${label}`,
  );

/** Records every title the mission panel ever shows, so a title that only flashes by is caught too. */
async function recordMissionTitles(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { missionTitlesSeen: string[] }).missionTitlesSeen = seen;
    new MutationObserver(() => {
      const title = document.querySelector('[data-testid="mission-title"]')?.textContent;
      if (title && seen.at(-1) !== title) seen.push(title);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { missionTitlesSeen: string[] }).missionTitlesSeen);
}

describe('missions', () => {
  it('shows the first mission a player can do now, in spec order, and pays 10 Telnet once (7a)', async () => {
    const { context, page } = await newPage(game.browser, desktop);
    const titlesSeen = await recordMissionTitles(page);
    const completes = { started: 0, settled: 0 };
    const isComplete = (r: Request) => r.url().endsWith('/api/missions/complete');
    page.on('request', (r) => void (isComplete(r) && (completes.started += 1)));
    page.on('requestfinished', (r) => void (isComplete(r) && (completes.settled += 1)));
    page.on('requestfailed', (r) => void (isComplete(r) && (completes.settled += 1)));
    await registerViaUi(page, game.server.url, newPlayer());
    await countIs(page, '0/9');
    expect(await missionTitle(page).textContent()).toBe(missionTexts.clear_binary_row.title);
    expect(
      await page
        .getByTestId('mission-panel')
        .getByText(texts.missions.rewardTelnet(balance.missionRewardTelnet))
        .count(),
    ).toBe(1);
    await page.getByRole('button', { name: texts.missions.instructions }).click();
    await page.getByText(missionTexts.clear_binary_row.instructions[1]).waitFor();
    await snap(page, 'mainframe-missions');

    // No decoding yet: the only Telnet the chat line can bring is the mission's. The first mission
    // not done is still the decode, so the title stays.
    const before = await telnetShown(page);
    await sendChat(page, `first words ${unique()}`);
    await countIs(page, '1/9');
    await waitFor(async () => (await telnetShown(page)) === before + 10, 'Telnet to rise by 10');
    expect(await missionTitle(page).textContent()).toBe(missionTexts.clear_binary_row.title);
    // A second line pays nothing: once every completion call the client made has settled, the
    // server's balance and the screen still say +10.
    await sendChat(page, `second words ${unique()}`);
    await waitFor(async () => completes.settled === completes.started, 'mission calls to settle');
    const user = User.parse(await (await page.request.get(`${game.server.url}/api/auth/user`)).json());
    expect(user.telnet).toBe(before + 10);
    expect(await telnetShown(page)).toBe(before + 10);

    // Decoding a row earns clear_binary_row; the panel moves to the next mission the player can do now:
    // CRACK THE BLOCKCHAIN , past the chat mission already done.
    // (The chat box has focus, where 0 and 1 are text: step out of it first, as a player would.)
    await page.getByTestId('binary-panel').click({ position: { x: 10, y: 10 } });
    await decodeRowWithKeyboard(page);
    await countIs(page, '2/9');
    await waitFor(
      async () => (await missionTitle(page).textContent()) === missionTexts.attack_blockchain.title,
      'the Blockchain mission',
    );
    expect(await titlesSeen()).toEqual([missionTexts.clear_binary_row.title, missionTexts.attack_blockchain.title]);

    // MISSION/HIDE folds the briefing.
    await page.getByTestId('mission-panel').getByRole('button', { name: texts.missions.hide }).click();
    await page.getByText(texts.missions.hidden).waitFor();
    await page.getByTestId('mission-panel').getByRole('button', { name: texts.missions.show }).click();
    await missionTitle(page).waitFor();
    await context.close();
  });

  it('shows MISSION ACCOMPLISHED when the last one completes, and hides the panel (status pushed by a mocked socket)', async () => {
    const { context, page } = await newPage(game.browser, desktop);
    const statusOf = (done: readonly MissionId[]) => buildMissionStatus(done);
    // The server says one mission is left; then the (mocked) socket pushes the status with none left.
    await page.route('**/api/missions/status', (route) => route.fulfill({ json: statusOf(missionIds.slice(0, -1)) }));
    const sockets: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/ws$/, (ws) => void sockets.push(ws));
    await registerViaUi(page, game.server.url, newPlayer());
    await waitFor(
      async () => (await missionCount(page).getAttribute('aria-valuetext')) === '8/9',
      'all but one mission done',
    );
    await waitForLiveLink(page);
    sockets.at(-1)?.send(JSON.stringify({ t: 'missions.statusChanged', d: statusOf(missionIds), v: 1 }));
    const dialog = page.getByRole('dialog', { name: texts.missions.accomplishedTitle });
    await dialog.waitFor();
    expect(await dialog.getByText(texts.missions.rewardTelnet(balance.missionRewardTelnet)).count()).toBe(1);
    await expectNoSeriousViolations(page, 'mission accomplished dialog');
    await snap(page, 'mission-accomplished', { fullPage: false });
    await dialog.getByRole('button', { name: texts.missions.continueHacking }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('mission-panel').count()).toBe(0);
    await context.close();
  });
});
