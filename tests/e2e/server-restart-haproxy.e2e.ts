import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import { freshDatabase, postgresUrlOf, type TestDatabase } from '../support/db';
import { freePort, haproxyBinary, startHaproxy, type HaproxyProcess } from '../support/haproxy';
import { oneShot } from '../support/one-shot';
import { spawnServer, type ServerProcess } from '../support/process';
import { chatLine, desktop, launchBrowser, newPage, newPlayer, registerViaUi, sendChat, unique, waitFor } from './fixtures';

// ADR 061 behind deploy/haproxy.cfg: a rolling restart (one instance drained and started again, then
// the other) must never sign a tab out. Needs PostgreSQL and HAProxy, like tests/integration/haproxy.test.ts.
const runs = Boolean(process.env.TEST_DATABASE_URL) && (existsSync(haproxyBinary) || Boolean(process.env.CI));
if (!runs) console.warn('server-restart-haproxy.e2e.ts skipped: it needs PostgreSQL (TEST_DATABASE_URL) and HAProxy');

type Name = 'app1' | 'app2';

describe.skipIf(!runs)('a rolling restart behind HAProxy is not a logout [postgres]', { timeout: 240_000 }, () => {
  let db: TestDatabase;
  let proxy: HaproxyProcess;
  let browser: Browser;
  let env: Record<string, string>;
  const servers: Record<Name, ServerProcess | null> = { app1: null, app2: null };
  const ports: Record<Name, number> = { app1: 0, app2: 0 };
  const dataDir = mkdtempSync(join(tmpdir(), 'bitbreach-rolling-'));

  const start = async (name: Name) => {
    servers[name] = await spawnServer({ ...env, PORT: String(ports[name]) });
  };

  /** SIGTERM, as a deploy stops an instance: it drains (HAProxy moves new work away), then exits. */
  const stop = async (name: Name) => {
    const server = servers[name]!;
    server.child.kill('SIGTERM');
    await server.exited.catch(() => undefined);
    servers[name] = null;
  };

  /** Until HAProxy has sent a fresh request to each instance (both up for it again). */
  async function bothServing(): Promise<void> {
    const seen = new Set<string>();
    await waitFor(
      async () => {
        const res = await oneShot(proxy.url, 'GET', '/readyz').catch(() => null);
        if (res?.status === 200 && res.headersServedBy) seen.add(res.headersServedBy);
        return seen.size === 2;
      },
      'HAProxy to use both instances',
      60_000,
    );
  }

  beforeAll(async () => {
    db = await freshDatabase('postgres', { max: 4 });
    ports.app1 = await freePort();
    ports.app2 = await freePort();
    env = {
      DATABASE_URL: await postgresUrlOf(db.database),
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_CHANNEL: `bitbreach:test:${randomUUID()}`,
      SESSION_SECRET: 'rolling-restart-secret-rolling-restart-01',
      DATA_DIR: dataDir,
      STATIC_DIR: resolve('dist/client'),
      WORKERS: '1',
      TRUST_PROXY: '127.0.0.1',
      ACCOUNTS_PER_IP: '0',
      // Longer than HAProxy needs to see /readyz fail twice (inter 500ms, fall 2).
      DRAIN_DELAY_MS: '1500',
    };
    await Promise.all([start('app1'), start('app2')]);
    proxy = await startHaproxy(await freePort(), [
      { name: 'app1', port: ports.app1 },
      { name: 'app2', port: ports.app2 },
    ]);
    await bothServing();
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await proxy?.stop();
    for (const server of Object.values(servers)) {
      if (server && server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited.catch(() => undefined);
      }
    }
    await db?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps two tabs signed in on their screens while both instances restart one after the other', async () => {
    const { context, page: mainframe } = await newPage(browser, desktop);
    const player = newPlayer();
    await registerViaUi(mainframe, proxy.url, player);
    const inventory = await context.newPage();
    await inventory.goto(`${proxy.url}/inventory`);
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
      for (const page of tabs) if ((await page.getByRole('button', { name: texts.auth.connect }).count()) > 0) return true;
      return false;
    };

    for (const name of ['app1', 'app2'] as const) {
      await stop(name);
      expect(await signedOut()).toBe(false);
      await start(name);
      await bothServing();
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
