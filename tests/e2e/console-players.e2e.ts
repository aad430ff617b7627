import { describe, expect, it } from 'vitest';
import { consoleTexts } from '../../src/core/texts/console';
import { texts } from '../../src/core/texts';
import {
  desktop,
  expectNoSeriousViolations,
  newPage,
  newPlayer,
  phone,
  registerViaUi,
  sendChat,
  snap,
  unique,
  useGame,
  waitFor,
} from './fixtures';

const game = useGame();
const t = consoleTexts.players;

describe("the console's PLAYERS tab", () => {
  it(
    "a moderator finds a player by keyboard, mutes them with a reason, the player's " +
      'composer and Terminal chatroom are refused, and the audit log shows it',
    async () => {
      const mod = await newPage(game.browser, desktop);
      const target = await newPage(game.browser, desktop);
      try {
        const moderator = newPlayer();
        const player = newPlayer();
        await registerViaUi(mod.page, game.server.url, moderator);
        await registerViaUi(target.page, game.server.url, player);
        await game.server.setRole(moderator.loginId, 'moderator');
        const line = `before the mute ${unique()}`;
        await sendChat(target.page, line);

        const page = mod.page;
        await page.goto(`${game.server.url}/admin`);
        await page.getByRole('tab', { name: consoleTexts.tabs.players }).click();
        const box = page.getByRole('searchbox', { name: t.search });
        await waitFor(
          () => box.evaluate((el) => el === document.activeElement),
          'the search box to be focused on arrival',
        );
        await page.keyboard.type(player.username);
        const result = page.getByTestId('player-result').filter({ hasText: player.username });
        // The list keeps the previous answer while the next loads (a shorter prefix also matches the
        // moderator, registered in the same millisecond), so wait for the answer to the whole name.
        await waitFor(
          async () => (await page.getByTestId('player-result').count()) === 1 && (await result.count()) === 1,
          'the results to be the one player whose whole name was typed',
        );
        await page.keyboard.press('ArrowDown');
        expect(await result.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.press('Enter');
        const view = page.getByTestId('player-view');
        await view.getByText(line).waitFor();
        expect(await view.getByTestId(`fact-${t.fields.status}`).innerText()).toBe(t.status.active);

        const mute = view.getByRole('button', { name: t.actions.mute, exact: true });
        await mute.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: `${t.actions.mute} ${player.username}` });
        await dialog.waitFor();
        await dialog.getByRole('textbox', { name: t.dialog.minutes }).fill('90');
        await dialog.getByRole('textbox', { name: t.dialog.reason }).fill('spamming the channel');
        await expectNoSeriousViolations(page, 'console mute dialog');
        await page.keyboard.press('Enter');
        await dialog.waitFor({ state: 'detached' });
        await page.getByText(new RegExp(`^${player.username} is muted until .* UTC\\.$`)).waitFor();
        await view.getByTestId(`fact-${t.fields.status}`).filter({ hasText: 'MUTED until' }).waitFor();
        // Focus is back on the control that opened the dialog (now UNMUTE, in the same place).
        const unmute = view.getByRole('button', { name: t.actions.unmute, exact: true });
        await waitFor(
          () => unmute.evaluate((el) => el === document.activeElement),
          'focus to return to the mute control',
        );

        // The muted player's composer shows the refusal in the server's words.
        const composer = target.page.getByLabel(texts.chat.composer);
        await composer.fill(`after the mute ${unique()}`);
        await composer.press('Enter');
        await target.page
          .getByRole('alert')
          .filter({ hasText: /^Error: You are muted until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/ })
          .waitFor();
        // The Terminal's chatroom mode is no way around it.
        await target.page.goto(`${game.server.url}/chatroom`);
        const prompt = target.page.locator('.bb-term__input');
        for (const typed of ['ssh chatroom', `from the terminal ${unique()}`]) {
          await prompt.fill(typed);
          await prompt.press('Enter');
        }
        await target.page
          .getByRole('log')
          .getByText(/^error: You are muted until .* UTC\.$/)
          .waitFor();

        await expectNoSeriousViolations(page, 'console player view');
        await snap(page, 'console-player-view');
        await page.setViewportSize(phone);
        await snap(page, 'console-player-view');
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await page.setViewportSize(desktop);

        await page.getByRole('tab', { name: consoleTexts.tabs.audit }).click();
        const row = page.getByTestId('audit-row').filter({ hasText: 'spamming the channel' });
        await row.waitFor();
        expect(await row.innerText()).toContain('mute');
        expect(await row.innerText()).toContain(moderator.username);
        expect(await row.innerText()).toContain(player.username);
      } finally {
        await mod.context.close();
        await target.context.close();
      }
    },
  );
});
