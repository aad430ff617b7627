import { resolve } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import { initialJs, loginInitialJsBudgetBytes, total } from '../../scripts/bundle-sizes';
import { loginViaUi, newPage, newPlayer, registerViaUi, sendChat, useGame } from './fixtures';

// A small first load (ADR 040). The client under test is the one the e2e setup
// built (tests/support/build-client.ts), as `npm start` serves it.
const game = useGame();
const dist = resolve('dist/client');

/** Every request the page makes from now on, in order. */
function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => seen.push(r));
  return seen;
}
const pathOf = (r: Request) => new URL(r.url()).pathname;
const isStateChange = (r: Request) => r.method() === 'POST' && pathOf(r).startsWith('/api/') && !pathOf(r).startsWith('/api/auth/');

describe('a small first load', () => {
  it("keeps the login screen's initial JavaScript (entry and its static imports) within 80 KB gzipped", () => {
    const chunks = initialJs(dist);
    const sent = total(chunks).gzip;
    expect(sent, `login screen initial JS: ${chunks.map((c) => `${c.file} ${c.gzip} B`).join(', ')}`).toBeLessThanOrEqual(loginInitialJsBudgetBytes);
  });

  it('a signed-out visitor downloads only that JavaScript until they start typing; the game follows for the sign-in', async () => {
    const { context, page } = await newPage(game.browser);
    try {
      const requests = recordRequests(page);
      await page.goto(`${game.server.url}/`);
      await page.getByRole('button', { name: texts.auth.connect }).waitFor();
      const scripts = () => requests.filter((r) => r.resourceType() === 'script').map((r) => pathOf(r).slice(1));
      expect(scripts().sort()).toEqual(initialJs(dist).map((c) => c.file).sort());
      // LOGIN_ID has focus on arrival without fetching anything; the player's first key loads the game's
      // code while they type.
      const loginId = page.getByLabel(texts.auth.loginIdLabel, { exact: true });
      expect(await loginId.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(scripts().sort()).toEqual(initialJs(dist).map((c) => c.file).sort());
      const gameCode = page.waitForResponse((r) => /\/assets\/app-[^/]+\.js$/.test(new URL(r.url()).pathname));
      await page.keyboard.type('o');
      await gameCode;
    } finally {
      await context.close();
    }
  });

  it('after register or login the first state change carries the token the sign-in answered with: no token request', async () => {
    const player = newPlayer();
    for (const signIn of [registerViaUi, loginViaUi]) {
      const { context, page } = await newPage(game.browser);
      try {
        const requests = recordRequests(page);
        await signIn(page, game.server.url, player);
        const sent = page.waitForResponse((r) => isStateChange(r.request()));
        await sendChat(page, `hello from ${signIn.name}`);
        const first = await sent;
        expect(first.ok()).toBe(true);
        expect(first.request().headers()['x-csrf-token']).toBeTruthy();
        expect(requests.filter((r) => pathOf(r) === '/api/auth/csrf-token')).toEqual([]);
        // Before the game loaded, exactly one sign-in call: login (or register) answered with everything.
        expect(requests.filter((r) => pathOf(r).startsWith('/api/auth/') && r.method() === 'POST').map(pathOf)).toEqual([
          signIn === registerViaUi ? '/api/auth/register' : '/api/auth/login',
        ]);
      } finally {
        await context.close();
      }
    }
  });

  it('after a reload (only the cookie left) the first state change fetches the token once, then goes through', async () => {
    const { context, page } = await newPage(game.browser);
    try {
      await registerViaUi(page, game.server.url, newPlayer());
      const requests = recordRequests(page);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: texts.mainframe.title }).waitFor();
      const sent = page.waitForResponse((r) => isStateChange(r.request()));
      await sendChat(page, 'back after a reload');
      expect((await sent).ok()).toBe(true);
      expect(requests.filter((r) => pathOf(r) === '/api/auth/csrf-token')).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
