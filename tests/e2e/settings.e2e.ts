import { describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import {
  desktop,
  expectNoSeriousViolations,
  goViaMenu,
  loginViaUi,
  openSystemMenu,
  phone,
  signedInPage,
  snap,
  submitLoginViaUi,
  useGame,
} from './fixtures';

const game = useGame();

describe('settings: change password', () => {
  it('changes the password from SYSTEM → SETTINGS; after logging out only the new one signs in', async () => {
    const { context, page, player } = await signedInPage(game, desktop);
    try {
      await goViaMenu(page, texts.shell.menu.settings);
      await page.getByRole('heading', { level: 1, name: texts.settings.title }).waitFor();
      const current = page.getByLabel(texts.settings.currentPasswordLabel, { exact: true });
      // Keyboard-first: the first field has the focus, and Enter sends the form.
      await current.waitFor();
      expect(await current.evaluate((el) => el === document.activeElement)).toBe(true);
      const newPassword = 'N3w!Pass_word';
      await page.keyboard.type(player.password);
      await page.getByLabel(texts.settings.newPasswordLabel, { exact: true }).fill(newPassword);
      await page.getByLabel(texts.settings.confirmPasswordLabel, { exact: true }).fill(`${newPassword}x`);
      await page.keyboard.press('Enter');
      await page.getByText(texts.passwordsDontMatch).waitFor();
      const confirm = page.getByLabel(texts.settings.confirmPasswordLabel, { exact: true });
      expect(await confirm.evaluate((el) => el === document.activeElement)).toBe(true);
      await confirm.fill(newPassword);
      await page.keyboard.press('Enter');
      await page.getByText(texts.settings.changed).waitFor();
      await expectNoSeriousViolations(page, 'settings');
      await snap(page, 'settings');
      await page.setViewportSize(phone);
      await snap(page, 'settings');
      await page.setViewportSize(desktop);

      await openSystemMenu(page);
      await page.getByRole('button', { name: texts.shell.logout }).click();
      await submitLoginViaUi(page, game.server.url, player);
      await page.getByText(texts.invalidLogin).waitFor();
      await loginViaUi(page, game.server.url, { ...player, password: newPassword });
    } finally {
      await context.close();
    }
  });
});
