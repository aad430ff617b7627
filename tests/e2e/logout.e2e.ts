import { describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import { desktop, openSystemMenu, signedInPage, useGame, waitFor, waitForLiveLink } from './fixtures';

const game = useGame();

describe('logout (spec §4, §8)', () => {
  it('signs out locally and says so when the logout call fails', async () => {
    const { context, page } = await signedInPage(game);
    try {
      await page.route('**/api/auth/logout', (route) => route.abort('connectionfailed'));
      await openSystemMenu(page);
      await page.getByRole('button', { name: texts.shell.logout }).click();
      await page.getByRole('button', { name: texts.auth.connect }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await page.getByText(texts.logoutFailed).waitFor();
    } finally {
      await context.close();
    }
  });

  it('ignores a second logout while the first is pending: one call reaches the server', async () => {
    const { context, page } = await signedInPage(game);
    try {
      let calls = 0;
      let releaseFirst = () => {};
      const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
      await page.route('**/api/auth/logout', async (route) => {
        calls += 1;
        await firstHeld; // hold the first logout open until the second click is in
        await route.continue();
      });
      await openSystemMenu(page);
      await page.getByRole('button', { name: texts.shell.logout }).click();
      await waitFor(async () => calls === 1, 'the first logout to reach the server');
      // The player opens the menu again while it is pending: the button says so and cannot be pressed.
      await openSystemMenu(page);
      const pending = page.getByRole('button', { name: texts.shell.loggingOut });
      expect(await pending.isDisabled()).toBe(true);
      // The player asks again while it is pending (force: even though the button is disabled).
      await pending.click({ force: true });
      const firstAnswered = page.waitForResponse('**/api/auth/logout');
      releaseFirst();
      await firstAnswered;
      await page.getByRole('button', { name: texts.auth.connect }).waitFor();
      expect(calls).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('signs out the other tabs of a session at once when one logs out', async () => {
    const { context, page } = await signedInPage(game, desktop);
    const other = await context.newPage();
    await other.goto(`${game.server.url}/ping`);
    await other.getByRole('heading', { level: 1, name: texts.ping.title }).waitFor();
    await waitForLiveLink(page);
    await other.locator('.bb-shell__online').waitFor();
    await openSystemMenu(page);
    await page.getByRole('button', { name: texts.shell.logout }).click();
    await page.getByRole('button', { name: texts.auth.connect }).waitFor();
    // session.ended closes the other tab's socket (4001) and it signs out, well inside the 5 s check.
    await other.getByRole('button', { name: texts.auth.connect }).waitFor({ timeout: 3000 });
    expect(new URL(other.url()).pathname).toBe('/');
    await context.close();
  });
});
