import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import {
  desktop,
  goViaMenu,
  newPage,
  newPlayer,
  phone,
  registerViaUi,
  seriousAxeViolations,
  signedInPage,
  waitFor,
  useGame,
} from './fixtures';

const game = useGame();

async function expectNoSeriousViolations(page: Page, screen: string) {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

describe('axe-core finds no serious or critical violations', () => {
  for (const [name, viewport] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    it(`on login, mainframe, leaderboard and guide (${name})`, async () => {
      const { context, page } = await newPage(game.browser, viewport);
      await page.goto(`${game.server.url}/`);
      await page.getByRole('button', { name: texts.auth.connect }).waitFor();
      await expectNoSeriousViolations(page, 'login');
      await page.getByRole('tab', { name: texts.auth.registerTab }).click();
      await expectNoSeriousViolations(page, 'register');

      await registerViaUi(page, game.server.url, newPlayer());
      await expectNoSeriousViolations(page, 'mainframe');

      await goViaMenu(page, texts.shell.menu.leaderboard);
      await page.getByRole('list', { name: /Top players/ }).waitFor();
      await expectNoSeriousViolations(page, 'leaderboard');

      await goViaMenu(page, texts.shell.menu.guide);
      await page.getByRole('heading', { level: 1, name: texts.shell.menu.guide }).waitFor();
      await expectNoSeriousViolations(page, 'guide');

      await page.goto(`${game.server.url}/missing`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectNoSeriousViolations(page, 'not found');
      await context.close();
    });
  }

  it('keeps keyboard users in control of the SYSTEM menu', async () => {
    const { context, page } = await signedInPage(game, desktop);
    const trigger = page.getByRole('button', { name: texts.shell.system });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: texts.shell.system }).waitFor();
    await expectNoSeriousViolations(page, 'system menu');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Focus goes back to the SYSTEM button, where the player left it.
    await waitFor(() => trigger.evaluate((el) => el === document.activeElement), 'focus to return to SYSTEM');
    await context.close();
  });
});
