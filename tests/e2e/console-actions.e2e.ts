import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleActionPaths } from '../../src/core/api/admin-actions';
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
  submitLoginViaUi,
  twoPlayers,
  unique,
  useGame,
  waitForLiveLink,
} from './fixtures';

const game = useGame();

/** A moderator signed in in a context of their own; the console's screens are another's, so they act through the API. */
async function moderator() {
  const { context, page, player: mod } = await signedInPage(game, desktop);
  await game.server.setRole(mod.loginId, 'moderator');
  const { csrfToken } = (await (await page.request.get(`${game.server.url}/api/auth/csrf-token`)).json()) as {
    csrfToken: string;
  };
  const post = async (path: string, data: object) => {
    const res = await page.request.post(`${game.server.url}${path}`, { data, headers: { 'x-csrf-token': csrfToken } });
    expect(res.status(), await res.text()).toBe(200);
  };
  return { page, post, close: () => context.close() };
}

const idOf = async (page: Page) =>
  ((await (await page.request.get(`${game.server.url}/api/auth/user`)).json()) as { id: number }).id;

describe('moderator actions as players see them', () => {
  it('takes a removed line out of another player’s open chat at once', async () => {
    const { a, b, close } = await twoPlayers(game.browser, game.server.url);
    const mod = await moderator();
    try {
      await waitForLiveLink(b.page);
      const keep = `fine line ${unique()}`;
      const abusive = `abusive line ${unique()}`;
      await sendChat(a.page, keep);
      await sendChat(a.page, abusive);
      await chatLine(b.page, abusive).waitFor();
      const history = (await (await mod.page.request.get(`${game.server.url}/api/chat/messages?limit=50`)).json()) as {
        messages: { id: number; message: string }[];
      };
      const line = history.messages.find((m) => m.message === abusive)!;
      await mod.post(consoleActionPaths.removeChat.replace(':messageId', String(line.id)), { reason: 'abuse in chat' });
      // From the socket alone: the reader's tab is not reloaded.
      await chatLine(b.page, abusive).waitFor({ state: 'detached' });
      await chatLine(a.page, abusive).waitFor({ state: 'detached' });
      expect(await chatLine(b.page, keep).count()).toBe(1);
    } finally {
      await mod.close();
      await close();
    }
  });

  it('shows a renamed player CHOOSE A NEW USERNAME at once and at sign-in, and lets them play on under the new name', async () => {
    const { context, page } = await newPage(game.browser, desktop);
    const mod = await moderator();
    try {
      const player = newPlayer();
      await registerViaUi(page, game.server.url, player);
      await waitForLiveLink(page);
      await mod.post(consoleActionPaths.rename.replace(':userId', String(await idOf(page))), {
        reason: 'offensive username',
      });
      const form = page.getByRole('heading', { name: texts.renameTitle });
      await form.waitFor();

      // Signing in again (another device) lands on the same form.
      const other = await newPage(game.browser, phone);
      try {
        await submitLoginViaUi(other.page, game.server.url, player);
        await other.page.getByRole('heading', { name: texts.renameTitle }).waitFor();
        await expectNoSeriousViolations(other.page, 'choose a new username');
        await snap(other.page, 'choose-username');
        expect(await other.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      } finally {
        await other.context.close();
      }
      await snap(page, 'choose-username');

      // Keyboard-first: the field has focus; a taken name is refused with the server's words.
      const field = page.getByLabel(texts.renameLabel, { exact: true });
      expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type(player.username);
      await page.keyboard.press('Enter');
      await page.getByText(texts.loginIdOrUsernameTaken).waitFor();
      const newName = newPlayer().username;
      await field.fill(newName);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: texts.mainframe.title }).waitFor();
      expect((await (await page.request.get(`${game.server.url}/api/auth/user`)).json()).username).toBe(newName);
    } finally {
      await mod.close();
      await context.close();
    }
  });
});
