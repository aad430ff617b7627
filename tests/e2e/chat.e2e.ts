import { describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import {
  chatLine,
  desktop,
  expectNoSeriousViolations,
  newPage,
  newPlayer,
  phone,
  registerViaUi,
  sendChat,
  signedInPage,
  snap,
  twoPlayers,
  unique,
  unreadBadge,
  useGame,
  waitFor,
  waitForLiveLink,
} from './fixtures';

const game = useGame();

describe('global chat between two players', () => {
  it('delivers a line to the other player within a second, without a reload, and keeps markup as text', async () => {
    const { a, b, close } = await twoPlayers(game.browser, game.server.url);
    let dialogs = 0;
    for (const page of [a.page, b.page]) {
      page.on('dialog', (dialog) => {
        dialogs += 1;
        void dialog.dismiss();
      });
    }
    await waitForLiveLink(a.page);
    await waitForLiveLink(b.page);

    const hello = `wake up, ${b.player.username} ${unique()}`;
    await sendChat(a.page, hello);
    // The send has returned; the other tab shows it (how fast: the chat fan-out in `npm run bench`).
    await chatLine(b.page, hello).waitFor();
    expect(await chatLine(a.page, hello).count()).toBe(1);
    expect(await chatLine(b.page, hello).textContent()).toContain(a.player.username);

    const script = '<script>alert(1)</script>';
    await sendChat(a.page, script);
    await chatLine(b.page, script).waitFor();
    expect(await chatLine(b.page, script).locator('.bb-chat__text').textContent()).toBe(script);
    expect(await b.page.locator('main script').count()).toBe(0);
    expect(dialogs).toBe(0);

    // B has the chat on screen, so it is marked read and the SYSTEM badge stays clear.
    await unreadBadge(b.page).waitFor({ state: 'detached' });
    await expectNoSeriousViolations(b.page, 'mainframe with chat');
    await snap(b.page, 'mainframe-chat-live');
    await close();
  });

  it('refuses an empty line, and shows the server’s words for a repeated one', async () => {
    const { context, page } = await signedInPage(game, desktop);
    const box = page.getByLabel(texts.chat.composer);
    await box.fill('   ');
    expect(await page.getByRole('button', { name: texts.chat.send }).isDisabled()).toBe(true);
    expect(await box.getAttribute('maxlength')).toBe('500');

    const line = `same old ${unique()}`;
    await sendChat(page, line);
    await box.fill(line);
    await box.press('Enter');
    await page
      .getByRole('alert')
      .filter({ hasText: `Error: ${texts.messageRepeated}` })
      .waitFor();
    expect(await box.inputValue()).toBe(line);
    await context.close();
  });

  it('loads older lines when the reader scrolls to the top, keeping their place', async () => {
    const { context, page } = await newPage(game.browser, desktop);
    // A long channel, served page by page as the server does (oldest first, cursor to the older page).
    const message = (id: number) => ({
      id,
      userId: 999_000 + id,
      username: `Relay_${id}`,
      message: `archived line ${id}`,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, id)).toISOString(),
    });
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));
    await page.route('**/api/chat/messages*', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const before = new URL(route.request().url()).searchParams.get('before');
      await route.fulfill({
        json:
          before === '51' ? { messages: range(1, 50), nextBefore: null } : { messages: range(51, 100), nextBefore: 51 },
      });
    });
    await registerViaUi(page, game.server.url, newPlayer());
    const log = page.getByRole('log', { name: texts.chat.log });
    await chatLine(page, 'archived line 100').waitFor();
    expect(await chatLine(page, 'archived line 50').count()).toBe(0);
    // The newest line is in view: the log starts at the bottom.
    expect(await chatLine(page, 'archived line 100').isVisible()).toBe(true);

    await log.evaluate((el) => el.scrollTo({ top: 0 }));
    await chatLine(page, 'archived line 50').waitFor({ state: 'attached' });
    await log.getByText(texts.chat.startOfChannel).waitFor({ state: 'attached' });
    // The line the reader was looking at (the old top) is still on screen after the older page came in above it.
    await waitFor(async () => {
      const [logBox, lineBox] = await Promise.all([
        log.boundingBox(),
        chatLine(page, 'archived line 51').boundingBox(),
      ]);
      return !!logBox && !!lineBox && lineBox.y >= logBox.y - 1 && lineBox.y < logBox.y + logBox.height;
    }, 'the old top line to stay in view');
    await context.close();
  });
});

describe('global chat on a phone (390×844)', () => {
  it('shows the chat on the CHAT tab, away from the binary panel', async () => {
    const { a, b, close } = await twoPlayers(game.browser, game.server.url, phone);
    await waitForLiveLink(b.page);
    const line = `from the street ${unique()}`;
    for (const page of [a.page, b.page]) await page.getByRole('tab', { name: texts.mainframe.chatTab }).tap();
    await sendChat(a.page, line);
    await chatLine(b.page, line).waitFor();
    expect(await b.page.getByTestId('current-row').isVisible()).toBe(false);
    await snap(b.page, 'mainframe-chat-live');
    await b.page.getByRole('tab', { name: texts.mainframe.mainframeTab }).tap();
    await b.page.getByTestId('mission-panel').waitFor();
    await snap(b.page, 'mainframe-missions');
    await close();
  });
});
