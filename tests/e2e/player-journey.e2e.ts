import { describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import {
  currentRow,
  decodeRowWithKeyboard,
  decodesShown,
  desktop,
  goViaMenu,
  newPage,
  newPlayer,
  openSystemMenu,
  registerViaUi,
  signedInPage,
  snap,
  waitFor,
  useGame,
} from './fixtures';

const game = useGame();

describe('a new player at a desk (1280×800)', () => {
  it('registers, decodes, levels up, checks the leaderboard and the guide, and logs out', async () => {
    const { context, page } = await newPage(game.browser, desktop);
    const player = newPlayer();

    await page.goto(`${game.server.url}/`);
    await page.getByRole('button', { name: texts.auth.connect }).waitFor();
    await snap(page, 'login');
    await page.getByRole('tab', { name: texts.auth.registerTab }).click();
    await snap(page, 'register');

    await registerViaUi(page, game.server.url, player);
    expect(await decodesShown(page)).toBe(0);
    expect(await page.getByTestId('level').textContent()).toBe('1');
    expect(await page.locator('[data-row]').count()).toBe(8);
    await snap(page, 'mainframe-fresh');

    // One row typed on the keyboard counts one decode.
    await decodeRowWithKeyboard(page);
    expect(await decodesShown(page)).toBe(1);

    // Level 1 needs 10 decodes: nine more rows level the player up, with the banner.
    for (let i = 0; i < 9; i++) await decodeRowWithKeyboard(page);
    await page.getByTestId('level-up-banner').waitFor({ state: 'visible' });
    expect(await page.getByTestId('level').textContent()).toBe('2');
    expect(await decodesShown(page)).toBe(10);
    await snap(page, 'mainframe-level-up');

    // A wrong digit shakes the panel and resets the row (the same row stays current).
    await page.getByTestId('level-up-banner').waitFor({ state: 'detached' });
    const row = await currentRow(page);
    for (const digit of row.slice(0, 4)) await page.keyboard.press(digit);
    expect(await page.getByTestId('row-position').textContent()).toContain('04');
    await page.keyboard.press(row[4] === '0' ? '1' : '0');
    expect(await page.getByTestId('binary-panel').getAttribute('data-shaking')).toBe('true');
    expect(await page.getByTestId('row-position').textContent()).toContain('00');
    expect(await currentRow(page)).toBe(row);
    // Taken at once, while the 500 ms shake is still on screen.
    await page.screenshot({ path: 'test-results/screenshots/mainframe-wrong-digit-1280x800.png' });
    await waitFor(
      async () => (await page.getByTestId('binary-panel').getAttribute('data-shaking')) === 'false',
      'the shake to end',
    );

    // The leaderboard lists the player, highlighted with 'You'.
    await goViaMenu(page, texts.shell.menu.leaderboard);
    await page.getByRole('heading', { level: 1, name: texts.leaderboard.title }).waitFor();
    const myRow = page.getByRole('listitem').filter({ hasText: player.username });
    await myRow.waitFor();
    expect(await myRow.textContent()).toContain('You');
    await page.getByRole('button', { name: texts.leaderboard.byDecodes }).click();
    await waitFor(async () => (await myRow.textContent())?.includes('10') ?? false, 'the server to count 10 decodes');
    await snap(page, 'leaderboard');

    // The guide has its six sections.
    await goViaMenu(page, texts.shell.menu.guide);
    await page.getByRole('heading', { level: 1, name: texts.shell.menu.guide }).waitFor();
    for (const title of [
      'Game Overview',
      'Mainframe',
      'Kernel (Drone)',
      'Terminal (PVP & Global Chat)',
      'Ping (Messaging)',
      'Blockchain Battles',
    ]) {
      expect(await page.getByRole('heading', { level: 2, name: title, exact: true }).count()).toBe(1);
    }
    await snap(page, 'guide');

    // The SYSTEM menu lists every screen.
    await openSystemMenu(page);
    await snap(page, 'system-menu');

    // Logout lands on the login screen at '/'.
    await page.getByRole('button', { name: texts.shell.logout }).click();
    await page.getByRole('button', { name: texts.auth.connect }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await context.close();
  });

  it('keeps the decodes after logging back in', async () => {
    const { context, page, player } = await signedInPage(game, desktop);
    for (let i = 0; i < 3; i++) await decodeRowWithKeyboard(page);
    await openSystemMenu(page);
    await page.getByRole('button', { name: texts.shell.logout }).click();
    await page.getByRole('button', { name: texts.auth.connect }).waitFor();

    await page.getByLabel(texts.auth.loginIdLabel, { exact: true }).fill(player.loginId);
    await page.getByLabel(texts.auth.passwordLabel, { exact: true }).fill(player.password);
    await page.getByRole('button', { name: texts.auth.connect }).click();
    await page.getByRole('heading', { level: 1, name: texts.mainframe.title }).waitFor();
    expect(await decodesShown(page)).toBe(3);
    await context.close();
  });
});
