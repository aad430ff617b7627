import { describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import { desktop, goViaMenu, newPage, newPlayer, phone, registerViaUi, signedInPage, snap, useGame } from './fixtures';

const game = useGame();

describe('routes', () => {
  it('shows the 404 screen for an unknown path', async () => {
    for (const viewport of [desktop, phone]) {
      const { context, page } = await newPage(game.browser, viewport);
      await page.goto(`${game.server.url}/no/such/page`);
      await page.getByRole('heading', { level: 1, name: texts.notFoundTitle }).waitFor();
      expect(await page.getByText(texts.notFoundBody).count()).toBe(1);
      await snap(page, 'not-found');
      await context.close();
    }
  });

  it('shows the login screen in place of a route while signed out, keeping the URL', async () => {
    const { context, page } = await newPage(game.browser, desktop);
    await page.goto(`${game.server.url}/leaderboard`);
    await page.getByRole('button', { name: texts.auth.connect }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/leaderboard');
    expect(await page.getByRole('heading', { name: texts.leaderboard.title }).count()).toBe(0);
    await context.close();
  });

  it('signs the player out and goes to / when the 5 s session check fails', async () => {
    const { context, page } = await signedInPage(game, desktop);
    await goViaMenu(page, texts.shell.menu.guide);
    await page.getByRole('heading', { level: 1, name: texts.shell.menu.guide }).waitFor();
    // The session is gone for this browser (cookies cleared). While the socket is up nothing polls
    //, so the check happens when the link drops: the socket's reconnect and the session
    // check it triggers both come back signed out.
    await context.clearCookies();
    await context.setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
    await context.setOffline(false);
    await page.getByRole('button', { name: texts.auth.connect }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('says what is missing before calling the server, and maps a wrong password to its text', async () => {
    const { context, page } = await newPage(game.browser, desktop);
    await page.goto(`${game.server.url}/`);
    await page.getByRole('button', { name: texts.auth.connect }).click();
    await page.getByRole('alert').filter({ hasText: texts.loginMissingFields }).waitFor();

    await page.getByLabel(texts.auth.loginIdLabel, { exact: true }).fill('nobody_here_1');
    await page.getByLabel(texts.auth.passwordLabel, { exact: true }).fill('Wrong!pass1');
    await page.getByRole('button', { name: texts.auth.connect }).click();
    await page.getByRole('alert').filter({ hasText: texts.invalidLogin }).waitFor();
    await snap(page, 'login-error');

    // Toggling to registration clears every field.
    await page.getByRole('tab', { name: texts.auth.registerTab }).click();
    expect(await page.getByLabel(texts.auth.loginIdLabel, { exact: true }).inputValue()).toBe('');
    await page.getByLabel(texts.auth.loginIdLabel, { exact: true }).fill('someone_new');
    await page.getByLabel(texts.auth.usernameLabel, { exact: true }).fill('Someone');
    await page.getByLabel(texts.auth.passwordLabel, { exact: true }).fill('Jack1n!pass');
    await page.getByLabel(texts.auth.confirmPasswordLabel, { exact: true }).fill('Jack1n!pasz');
    await page.getByRole('button', { name: texts.auth.initialize }).click();
    // Said once, under CONFIRM_PASSWORD (its description, and focus goes there), not again as the form's alert.
    await page.getByTestId('field-error').filter({ hasText: texts.passwordsDontMatch }).waitFor();
    expect(await page.getByText(texts.passwordsDontMatch).count()).toBe(1);
    await page.getByRole('tab', { name: texts.auth.loginTab }).click();
    expect(await page.getByLabel(texts.auth.loginIdLabel, { exact: true }).inputValue()).toBe('');
    // No maxlength: an over-long paste is refused with the rule's text, never cut (newcomer.e2e.ts).
    expect(await page.getByLabel(texts.auth.loginIdLabel, { exact: true }).getAttribute('maxlength')).toBeNull();
    expect(await page.getByLabel(texts.auth.passwordLabel, { exact: true }).getAttribute('maxlength')).toBeNull();
    await context.close();
  });

  it('shows a username made of markup as text on the leaderboard', async () => {
    const { context, page } = await newPage(game.browser, desktop);
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    // The username limit is 20 characters, too short for the classic '<img src=x onerror=alert(1)>';
    // this one fits, is unique per run, and would still become an <img> if it were parsed as HTML.
    const username = `<img src=${Math.random().toString(36).slice(2, 4)} onerror>`;
    const player = newPlayer({ username });
    await registerViaUi(page, game.server.url, player);
    await goViaMenu(page, texts.shell.menu.leaderboard);
    const row = page.getByRole('listitem').filter({ hasText: username });
    await row.waitFor();
    expect(await row.locator('img').count()).toBe(0);
    expect(await page.locator('main img').count()).toBe(0);
    expect(dialogs).toBe(0);
    await context.close();
  });
});
