import { describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import { newPage, newPlayer, openSystemMenu, registerViaUi, useGame } from './fixtures';

const game = useGame();

describe('logout (spec §4, §8)', () => {
  it('signs out locally and says so when the logout call fails', async () => {
    const { context, page } = await newPage(game.browser);
    try {
      await registerViaUi(page, game.server.url, newPlayer());
      await page.route('**/api/auth/logout', (route) => route.abort('connectionfailed'));
      await openSystemMenu(page);
      await page.getByRole('button', { name: 'LOGOUT' }).click();
      await page.getByRole('button', { name: /CONNECT/ }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await page.getByText(texts.logoutFailed).waitFor();
    } finally {
      await context.close();
    }
  });

  it('ignores a second logout while the first is pending: one call reaches the server', async () => {
    const { context, page } = await newPage(game.browser);
    try {
      await registerViaUi(page, game.server.url, newPlayer());
      let calls = 0;
      await page.route('**/api/auth/logout', async (route) => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 3000)); // hold the first logout open
        await route.continue();
      });
      await openSystemMenu(page);
      await page.getByRole('button', { name: 'LOGOUT' }).click();
      await page.waitForTimeout(300);
      expect(calls).toBe(1); // the first logout is now pending
      // The player asks again while it is pending (force: even if the button looks disabled).
      await openSystemMenu(page);
      await page.getByRole('button', { name: /LOGOUT|LOGGING OUT/ }).click({ force: true });
      await page.getByRole('button', { name: /CONNECT/ }).waitFor();
      await page.waitForTimeout(300);
      expect(calls).toBe(1);
    } finally {
      await context.close();
    }
  });
});
