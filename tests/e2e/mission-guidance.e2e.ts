import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { balance } from '../../src/core/balance';
import { missionIds, missionTexts } from '../../src/core/rules/missions';
import { developerUsername } from '../../src/core/terminal/reserved-names';
import { texts } from '../../src/core/texts';
import { formatTelnetGain } from '../../src/client/lib/format-telnet';
import {
  decodeRowWithKeyboard,
  desktop,
  expectNoSeriousViolations,
  goViaMenu,
  newPlayer,
  phone,
  pingPrompt,
  pingType,
  signedInPage,
  snap,
  useGame,
  waitForLiveLink,
} from './fixtures';

const game = useGame();
const reward = formatTelnetGain(balance.missionRewardTelnet);
const strip = (page: Page) => page.getByTestId('mission-strip');
const toastSays = (page: Page, next: string) =>
  page
    .getByTestId('toast')
    .filter({ hasText: texts.missions.completedToast(reward, next) })
    .waitFor();

describe('missions that never stick (ADR 063)', () => {
  it('a lone player pings the developer, hears back, and every completion names the next briefing', async () => {
    const { context, page } = await signedInPage(game, desktop);
    await waitForLiveLink(page);

    // Mission 1 on the Mainframe: its completion says so and names mission 2.
    await decodeRowWithKeyboard(page);
    await toastSays(page, missionTexts.attack_blockchain.title);

    // Elsewhere the strip under the header carries the current briefing and a way to its screen.
    await goViaMenu(page, texts.shell.menu.ping);
    await strip(page).getByText(missionTexts.attack_blockchain.title).waitFor();
    expect(await strip(page).textContent()).toContain(texts.missions.stripKicker(1, missionIds.length));
    expect(await strip(page).getByRole('link').getAttribute('href')).toBe('/blockchain');

    // Alone on the server: 'ls' lists the developer, 'cd developer' opens a line, and it answers.
    await pingType(page, 'ls');
    await page.getByText(developerUsername, { exact: true }).first().waitFor();
    await pingType(page, `cd ${developerUsername}`);
    await page.getByRole('textbox', { name: texts.ping.messageLabel(developerUsername) }).waitFor();
    await pingType(page, 'is anyone out there?');
    await page.getByText(`${texts.ping.systemSender} > ${texts.ping.developerReply}`).waitFor();
    // PING AN OPERATOR is done though nobody else is online; the next briefing is still mission 2.
    await toastSays(page, missionTexts.attack_blockchain.title);
    expect(await pingPrompt(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await snap(page, 'ping-developer-answers');
    await expectNoSeriousViolations(page, 'ping with the mission strip');
    await context.close();
  });

  it('shows the strip above the fold on a phone and says what next after the last briefing', async () => {
    const player = newPlayer();
    const { context, page } = await signedInPage(game, phone, { player });
    const box = await strip(page).boundingBox();
    expect(box && box.y + box.height <= phone.height).toBe(true);
    expect(await strip(page).textContent()).toContain(missionTexts.clear_binary_row.title);
    await snap(page, 'mission-strip-phone');

    await game.server.markMissionsDone(player.loginId, missionIds);
    await page.reload();
    const next = page.getByTestId('what-next-panel');
    await next.waitFor();
    for (const step of texts.missions.nextSteps)
      expect(await next.getByRole('link', { name: step.label }).count()).toBe(1);
    expect(await strip(page).count()).toBe(0);
    await snap(page, 'missions-what-next-phone');
    await expectNoSeriousViolations(page, 'mainframe after every mission');
    await context.close();
  });
});
