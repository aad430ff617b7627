import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import { haproxyBinary } from '../support/haproxy';
import { startHaproxyPair, type HaproxyPair } from '../support/haproxy-pair';
import { chatLine, desktop, launchBrowser, newPage, newPlayer, registerViaUi, sendChat, unique } from './fixtures';

// ADR 061 behind deploy/haproxy.cfg: a rolling restart (one instance drained and started again, then
// the other) must never sign a tab out. Needs PostgreSQL and HAProxy, like tests/integration/haproxy.test.ts.
const runs = Boolean(process.env.TEST_DATABASE_URL) && (existsSync(haproxyBinary) || Boolean(process.env.CI));
if (!runs) console.warn('server-restart-haproxy.e2e.ts skipped: it needs PostgreSQL (TEST_DATABASE_URL) and HAProxy');

describe.skipIf(!runs)('a rolling restart behind HAProxy is not a logout [postgres]', { timeout: 240_000 }, () => {
  let pair: HaproxyPair;
  let browser: Browser;

  /** SIGTERM, as a deploy stops an instance: it drains (HAProxy moves new work away), then exits. */
  const stop = async (name: 'app1' | 'app2') => {
    const server = pair.servers[name]!;
    server.child.kill('SIGTERM');
    await server.exited.catch(() => undefined);
    pair.servers[name] = null;
  };

  beforeAll(async () => {
    // The instances serve the built client too, as the game's own server does.
    pair = await startHaproxyPair({ STATIC_DIR: resolve('dist/client'), DRAIN_DELAY_MS: '1500' });
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await pair?.close();
  });

  it('keeps two tabs signed in on their screens while both instances restart one after the other', async () => {
    const { context, page: mainframe } = await newPage(browser, desktop);
    const player = newPlayer();
    await registerViaUi(mainframe, pair.proxy.url, player);
    const inventory = await context.newPage();
    await inventory.goto(`${pair.proxy.url}/inventory`);
    await inventory.getByRole('heading', { name: /^Inventory \(/ }).waitFor();
    const tabs: Page[] = [mainframe, inventory];
    const paths = tabs.map((page) => new URL(page.url()).pathname);
    for (const page of tabs) {
      await page.locator('.bb-shell__online').waitFor();
      await page.evaluate(() => ((window as unknown as { bbMark: string }).bbMark = 'before the rollout'));
    }
    // A sign-out sends the tab to '/' with the login form, where it stays: so the form never showing up
    // at any check, and the mark and path surviving at the end, mean the player was never signed out.
    const signedOut = async () => {
      for (const page of tabs)
        if ((await page.getByRole('button', { name: texts.auth.connect }).count()) > 0) return true;
      return false;
    };

    for (const name of ['app1', 'app2'] as const) {
      await stop(name);
      expect(await signedOut()).toBe(false);
      await pair.start(name);
      await pair.bothServing();
      // Each tab is live again (its socket back, through whichever instance HAProxy chose).
      for (const page of tabs) await page.locator('.bb-shell__online').waitFor({ timeout: 30_000 });
      expect(await signedOut()).toBe(false);
    }

    for (const [i, page] of tabs.entries()) {
      expect(new URL(page.url()).pathname).toBe(paths[i]);
      expect(await page.evaluate(() => (window as unknown as { bbMark?: string }).bbMark)).toBe('before the rollout');
      await page.getByText(texts.shell.reconnecting).waitFor({ state: 'detached' });
      await page.locator('.bb-shell__whoami-name', { hasText: player.username }).waitFor();
    }
    const line = `after the rollout ${unique()}`;
    await sendChat(mainframe, line);
    await chatLine(mainframe, line).waitFor({ timeout: 10_000 });
    expect(await chatLine(mainframe, line).count()).toBe(1);
    await context.close();
  });
});
