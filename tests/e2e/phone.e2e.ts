import { describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import {
  chatLine,
  decodeRowWithButtons,
  decodesShown,
  expectNoSeriousViolations,
  goViaMenu,
  newPage,
  newPlayer,
  openSystemMenu,
  phone,
  registerViaUi,
  sendChat,
  snap,
  twoPlayers,
  unique,
  useGame,
  waitForLiveLink,
} from './fixtures';

const game = useGame();

async function hasNoHorizontalScroll(page: import('playwright-core').Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

describe('a new player on a phone (390×844)', () => {
  it('sees 3 rows as lines of 5, the MAINFRAME/CHAT tabs, and plays with the on-screen keys', async () => {
    const { context, page } = await newPage(game.browser, phone);
    const player = newPlayer();

    await page.goto(`${game.server.url}/`);
    await page.getByRole('button', { name: texts.auth.connect }).waitFor();
    await snap(page, 'login');
    expect(await hasNoHorizontalScroll(page)).toBe(true);
    await page.getByRole('tab', { name: texts.auth.registerTab }).click();
    await snap(page, 'register');

    await registerViaUi(page, game.server.url, player);
    // spec §2: 3 rows of 15 digits, each shown as 3 lines of 5.
    expect(await page.locator('[data-row]').count()).toBe(3);
    const lines = page.getByTestId('current-row').locator('[data-line]');
    expect(await lines.count()).toBe(3);
    expect(await lines.allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^[01]{5}$/)]));
    for (const line of await lines.allTextContents()) expect(line).toMatch(/^[01]{5}$/);
    expect(await page.getByRole('tab', { name: texts.mainframe.mainframeTab }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await page.getByRole('tab', { name: texts.mainframe.chatTab }).count()).toBe(1);
    expect(await hasNoHorizontalScroll(page)).toBe(true);
    await snap(page, 'mainframe-fresh');

    // The 0 and 1 keys are real touch targets.
    for (const digit of ['0', '1']) {
      const box = await page.getByRole('button', { name: digit, exact: true }).boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    }

    await decodeRowWithButtons(page);
    expect(await decodesShown(page)).toBe(1);

    await page.getByRole('tab', { name: texts.mainframe.chatTab }).tap();
    await page.getByRole('heading', { name: texts.chat.title }).waitFor();
    expect(await page.getByTestId('current-row').isVisible()).toBe(false);
    await snap(page, 'mainframe-chat-tab');
    await page.getByRole('tab', { name: texts.mainframe.mainframeTab }).tap();
    await page.getByTestId('current-row').waitFor();

    await openSystemMenu(page);
    await snap(page, 'system-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await goViaMenu(page, texts.shell.menu.leaderboard);
    await page.getByRole('listitem').filter({ hasText: player.username }).waitFor();
    expect(await hasNoHorizontalScroll(page)).toBe(true);
    await snap(page, 'leaderboard');

    await goViaMenu(page, texts.shell.menu.guide);
    await page.getByRole('heading', { level: 1, name: texts.shell.menu.guide }).waitFor();
    expect(await hasNoHorizontalScroll(page)).toBe(true);
    await snap(page, 'guide');

    await goViaMenu(page, texts.shell.menu.blockchain);
    await page.getByRole('heading', { name: texts.blockchain.codeBreach }).waitFor();
    expect(await hasNoHorizontalScroll(page)).toBe(true);
    await snap(page, 'blockchain-from-menu');

    await openSystemMenu(page);
    await page.getByRole('button', { name: texts.shell.logout }).tap();
    await page.getByRole('button', { name: texts.auth.connect }).waitFor();
    await context.close();
  });

  it("marks the CHAT tab with the unread '!' while the chat is on the other tab, and clears it when opened", async () => {
    const { a, b, close } = await twoPlayers(game.browser, game.server.url, phone);
    await waitForLiveLink(a.page);
    const badge = a.page.getByTestId('tab-badge-chat');
    expect(await badge.count()).toBe(0);
    await b.page.getByRole('tab', { name: texts.mainframe.chatTab }).tap();
    const line = `anyone awake ${unique()}`;
    await sendChat(b.page, line);
    // A is typing rows on the MAINFRAME tab: the CHAT tab says something new waits there.
    await badge.waitFor();
    // Spoken too: the tab's name says unread.
    expect(
      await a.page
        .getByRole('tab', {
          name: new RegExp(`^${texts.mainframe.chatTab}\\s*!\\s*${texts.shell.unreadSpoken.trim()}$`),
        })
        .count(),
    ).toBe(1);
    await expectNoSeriousViolations(a.page, 'Mainframe with unread chat, phone');
    await snap(a.page, 'mainframe-chat-unread', { fullPage: false });
    await a.page.getByRole('tab', { name: new RegExp(`^${texts.mainframe.chatTab}`) }).tap();
    await chatLine(a.page, line).waitFor();
    await badge.waitFor({ state: 'detached' });
    // Back on the rows, the marker stays away: the line was read.
    await a.page.getByRole('tab', { name: texts.mainframe.mainframeTab }).tap();
    await a.page.getByTestId('current-row').waitFor();
    expect(await badge.count()).toBe(0);
    await close();
  });

  it("reads the Terminal's help: each description as wide as its command's line", async () => {
    const { context, page } = await newPage(game.browser, phone);
    await registerViaUi(page, game.server.url, newPlayer());
    await page.goto(`${game.server.url}/chatroom`);
    const prompt = page.getByRole('textbox', { name: 'Terminal command' });
    await prompt.fill('help');
    await prompt.press('Enter');
    const table = page.getByRole('list', { name: 'Commands' });
    await table.waitFor();
    // Each description as wide as its usage's line: a long usage once squeezed them to a letter a line.
    const widths = await table
      .locator('li')
      .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.getBoundingClientRect().width)));
    expect(widths.length).toBeGreaterThan(3);
    for (const [usage, description] of widths) expect(description).toBeGreaterThanOrEqual(usage! * 0.9);
    expect(await hasNoHorizontalScroll(page)).toBe(true);
    await context.close();
  });
});
