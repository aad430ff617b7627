import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import {
  expectNoSeriousViolations,
  goViaMenu,
  phone,
  signedInPage,
  snap,
  submitLoginViaUi,
  useGame,
  waitFor,
} from './fixtures';

const game = useGame();
const wide = { width: 1440, height: 900 } as const;
const s = texts.settings;

describe('settings: download my data and delete the account', () => {
  it('downloads a JSON file with the profile, then deletes the account: back at login, and the login is refused', async () => {
    const { context, page, player } = await signedInPage(game, wide);
    try {
      await goViaMenu(page, texts.shell.menu.settings);
      await page.getByRole('heading', { level: 1, name: s.title }).waitFor();

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: s.downloadDataButton }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(
        new RegExp(`^bitbreach-${player.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
      );
      const data = JSON.parse(await readFile((await file.path())!, 'utf8'));
      expect(data.profile).toMatchObject({ username: player.username, loginId: player.loginId, level: 1 });
      await page.getByText(s.downloaded).waitFor();
      await snap(page, 'settings-account');

      // The dialog, by keyboard: it opens on the password field, a wrong password keeps it open.
      const openButton = page.getByRole('button', { name: s.deleteAccountButton });
      await openButton.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: s.deleteDialogTitle });
      await dialog.waitFor();
      for (const line of s.deleteConsequences) await dialog.getByText(line).waitFor();
      const password = dialog.getByLabel(s.deletePasswordLabel, { exact: true });
      expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // Radix hands focus back to the opener as the dialog unmounts.
      await waitFor(() => openButton.evaluate((el) => el === document.activeElement), 'focus back on DELETE ACCOUNT');
      await page.keyboard.press('Enter');
      await password.waitFor();
      await page.keyboard.type('Wr0ng!pass');
      await page.keyboard.press('Enter');
      await dialog.getByText(s.deletePasswordWrong).waitFor();
      await waitFor(() => password.evaluate((el) => el === document.activeElement), 'focus on the password to fix');
      await expectNoSeriousViolations(page, 'settings delete dialog');
      await snap(page, 'settings-delete-dialog');
      await page.setViewportSize(phone);
      await snap(page, 'settings-delete-dialog');
      await page.keyboard.press('Escape');
      await snap(page, 'settings-account');
      await page.setViewportSize(wide);

      await openButton.click();
      await password.fill(player.password);
      await dialog.getByRole('button', { name: s.deleteConfirm }).click();
      // Signed out and sent to '/': the login screen.
      await page.getByRole('button', { name: texts.auth.connect }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');

      await submitLoginViaUi(page, game.server.url, player);
      await page.getByText(texts.invalidLogin).waitFor();
    } finally {
      await context.close();
    }
  });
});
