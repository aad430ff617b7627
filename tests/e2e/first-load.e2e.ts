import { resolve } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import { initialJs, loginInitialJsBudgetBytes, total } from '../../scripts/bundle-sizes';
import { desktop, loginViaUi, newPage, newPlayer, phone, registerViaUi, sendChat, snap, useGame } from './fixtures';

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
const isStateChange = (r: Request) =>
  r.method() === 'POST' && pathOf(r).startsWith('/api/') && !pathOf(r).startsWith('/api/auth/');

describe('a small first load', () => {
  it("keeps the login screen's initial JavaScript (entry and its static imports) within 80 KB gzipped", () => {
    const chunks = initialJs(dist);
    const sent = total(chunks).gzip;
    expect(
      sent,
      `login screen initial JS: ${chunks.map((c) => `${c.file} ${c.gzip} B`).join(', ')}`,
    ).toBeLessThanOrEqual(loginInitialJsBudgetBytes);
  });

  it('a signed-out visitor downloads only that JavaScript until they start typing; the game follows for the sign-in', async () => {
    const { context, page } = await newPage(game.browser);
    try {
      const requests = recordRequests(page);
      await page.goto(`${game.server.url}/`);
      await page.getByRole('button', { name: texts.auth.connect }).waitFor();
      const scripts = () => requests.filter((r) => r.resourceType() === 'script').map((r) => pathOf(r).slice(1));
      expect(scripts().sort()).toEqual(
        initialJs(dist)
          .map((c) => c.file)
          .sort(),
      );
      // LOGIN_ID has focus on arrival without fetching anything; the player's first key loads the game's
      // code while they type.
      const loginId = page.getByLabel(texts.auth.loginIdLabel, { exact: true });
      expect(await loginId.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(scripts().sort()).toEqual(
        initialJs(dist)
          .map((c) => c.file)
          .sort(),
      );
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
        expect(requests.filter((r) => pathOf(r).startsWith('/api/auth/') && r.method() === 'POST').map(pathOf)).toEqual(
          [signIn === registerViaUi ? '/api/auth/register' : '/api/auth/login'],
        );
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

// The first paint and what a browser reports about it (ADR 069).
describe('a clean first paint', () => {
  it('/robots.txt is a text file, a missing file is a 404, and a screen path still gets the app', async () => {
    const robots = await fetch(`${game.server.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await robots.text()).toMatch(/^User-agent: \*/m);
    expect((await fetch(`${game.server.url}/no-such-file.png`)).status).toBe(404);
    expect((await fetch(`${game.server.url}/assets/gone-12345678.js`)).status).toBe(404);
    const screen = await fetch(`${game.server.url}/no-such-screen`);
    expect(screen.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('the page carries its CSS in a <style>: with every script blocked the frame still paints styled', async () => {
    const html = await (await fetch(`${game.server.url}/`)).text();
    expect(html).toMatch(/<style>[^<]*\.bb-topbar/);
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    for (const viewport of [desktop, phone]) {
      const { context, page } = await newPage(game.browser, viewport);
      try {
        const requests = recordRequests(page);
        await page.route('**/*.js', (route) => route.abort());
        await page.goto(`${game.server.url}/`);
        expect(requests.filter((r) => r.resourceType() === 'stylesheet')).toEqual([]);
        // Styled, not the browser's defaults: the top bar is a flex row in the game's dark frame.
        const bar = await page.locator('.bb-topbar__inner').evaluate((el) => getComputedStyle(el).display);
        expect(bar).toBe('flex');
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(background).not.toBe('rgba(0, 0, 0, 0)');
        await snap(page, 'first-paint-without-js');
      } finally {
        await context.close();
      }
    }
  });

  it('a signed-out visitor sees the login screen with no console error (the session probe answers 200)', async () => {
    const { context, page } = await newPage(game.browser, phone);
    try {
      const errors: string[] = [];
      page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
      page.on('pageerror', (e) => errors.push(e.message));
      const probe = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/session');
      await page.goto(`${game.server.url}/`);
      expect((await probe).status()).toBe(200);
      await page.getByRole('button', { name: texts.auth.connect }).waitFor();
      await snap(page, 'login-signed-out');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('signed-in screens and the SYSTEM menu raise no CSP violation and no console error', async () => {
    const { context, page } = await newPage(game.browser);
    try {
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (e) =>
          seen.push(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      const errors: string[] = [];
      page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
      await registerViaUi(page, game.server.url, newPlayer());
      for (const path of ['/', '/inventory', '/kernel']) {
        await page.goto(`${game.server.url}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.getByRole('button', { name: texts.shell.system }).click();
        await page.getByRole('dialog', { name: texts.shell.system }).waitFor();
        await page.keyboard.press('Escape');
        // Radix's dialog arrives with the first opening; focus returns to the trigger as before.
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
          .toContain(texts.shell.system);
        expect(
          await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
          path,
        ).toEqual([]);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a returning player's reload paints the game's frame first and never the login splash", async () => {
    for (const viewport of [desktop, phone]) {
      const { context, page } = await newPage(game.browser, viewport);
      try {
        await registerViaUi(page, game.server.url, newPlayer());
        // Every element added to the page from the first byte on: did the login splash's title ever exist?
        await page.addInitScript(() => {
          const flags = { splash: false };
          (window as unknown as { bootSeen: typeof flags }).bootSeen = flags;
          new MutationObserver(() => {
            if (document.querySelector('.bb-auth__title')) flags.splash = true;
          }).observe(document, { childList: true, subtree: true });
        });
        for (const path of ['/inventory', '/kernel']) {
          await page.goto(`${game.server.url}${path}`);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          expect(
            await page.evaluate(() => (window as unknown as { bootSeen: { splash: boolean } }).bootSeen.splash),
            path,
          ).toBe(false);
        }
        // With every script blocked, what the HTML alone paints: the game's frame, the screen's title and the loading line.
        await page.route('**/*.js', (route) => route.abort());
        await page.goto(`${game.server.url}/data-exchange`);
        await expect.poll(() => page.locator('.bb-boot-shell [role="status"]').textContent()).toBe(texts.shell.loading);
        expect(await page.locator('.bb-boot-shell .bb-screen-header__title').textContent()).toBe('DATA EXCHANGE');
        // A picture of the header, not a heading: the page's one h1 is the screen's own, once it is there.
        expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
        expect(await page.locator('.bb-auth__title').count()).toBe(0);
        await snap(page, `returning-player-first-paint-${viewport.width}`);
      } finally {
        await context.close();
      }
    }
  });
});
