import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import { startRestartableTestServer } from '../support/server';
import {
  chatLine,
  currentRow,
  desktop,
  expectNoSeriousViolations,
  launchBrowser,
  newPage,
  newPlayer,
  phone,
  registerViaUi,
  sendChat,
  snap,
  unique,
  waitFor,
} from './fixtures';
import type { Browser } from 'playwright-core';

// ADR 061: a server restart is not a logout. The server here goes away for real (its port stops
// answering, every socket closes) and comes back on the same port and database, as a deploy does.
let game: Awaited<ReturnType<typeof startRestartableTestServer>>;
let browser: Browser;
beforeAll(async () => {
  game = await startRestartableTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await game?.close();
});

const reconnecting = (page: Page) => page.getByText(texts.shell.reconnecting);
const loginForm = (page: Page) => page.getByRole('button', { name: texts.auth.connect });

/** Marks the document: a reload (or any full navigation) loses the mark. */
async function markDocument(page: Page): Promise<() => number> {
  await page.evaluate(() => ((window as unknown as { bbMark: string }).bbMark = 'before the restart'));
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  return () => navigations;
}

/** Decodes in this tab's tap queue not yet acknowledged by the server (the queue is mirrored to storage). */
const queuedTaps = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('tap-queue');
    return raw ? (JSON.parse(raw) as Array<{ processed?: boolean }>).filter((e) => !e.processed).length : 0;
  });

/** The player's decodes as the server counts them (read with the tab's cookie, outside the page). */
async function serverTotalTaps(url: string, page: Page): Promise<number> {
  const cookie = (await page.context().cookies(url)).map((c) => `${c.name}=${c.value}`).join('; ');
  const res = await fetch(`${url}/api/auth/user`, { headers: { cookie } });
  return ((await res.json()) as { totalTaps: number }).totalTaps;
}

const markOf = (page: Page) => page.evaluate(() => (window as unknown as { bbMark?: string }).bbMark ?? null);
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().textContent();

describe('a server restart is not a logout', () => {
  it('keeps two tabs of one session on their screens through a restart, shows RECONNECTING meanwhile, and resumes without a reload', async () => {
    const { context, page: mainframe } = await newPage(browser, desktop);
    const player = newPlayer();
    await registerViaUi(mainframe, game.url, player);
    const inventory = await context.newPage();
    await inventory.goto(`${game.url}/inventory`);
    await inventory.getByRole('heading', { name: /^Inventory \(/ }).waitFor();
    for (const page of [mainframe, inventory]) await page.locator('.bb-shell__online').waitFor();
    const headings = { mainframe: await heading(mainframe), inventory: await heading(inventory) };
    const navigations = { mainframe: await markDocument(mainframe), inventory: await markDocument(inventory) };
    // A line the player is half-way through typing when the server goes.
    const composer = mainframe.getByLabel(texts.chat.composer);
    await composer.fill('half a thought');

    let failed = 0;
    mainframe.on('requestfailed', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/user') failed += 1;
    });
    const failedChecks = () => failed;

    const tapsBefore = await serverTotalTaps(game.url, mainframe);
    await game.stop();
    for (const page of [mainframe, inventory]) {
      await reconnecting(page).waitFor({ timeout: 10_000 });
      expect(await loginForm(page).count()).toBe(0);
    }
    // The screens stay under the notice, with what they showed and what was being typed.
    expect(await heading(mainframe)).toBe(headings.mainframe);
    expect(await heading(inventory)).toBe(headings.inventory);
    expect(await composer.inputValue()).toBe('half a thought');
    // Announced politely, and focus was left where the player had it.
    expect(
      await mainframe.getByRole('status').filter({ hasText: texts.shell.reconnecting }).getAttribute('aria-live'),
    ).toBe('polite');
    expect(
      await mainframe.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName,
      ),
    ).not.toBe('BODY');
    // Still down a few retries later: still signed in, still RECONNECTING (not a login screen on the second try).
    await waitFor(async () => failedChecks() >= 3, 'three session checks to fail while the server is away', 15_000);
    for (const page of [mainframe, inventory]) {
      expect(await reconnecting(page).count()).toBe(1);
      expect(await loginForm(page).count()).toBe(0);
    }
    // A row decoded while the server is away waits in the tap queue (the on-screen buttons, so the
    // half-typed chat line keeps its text).
    for (const digit of await currentRow(mainframe))
      await mainframe.getByRole('button', { name: digit, exact: true }).click();
    await waitFor(async () => (await queuedTaps(mainframe)) === 1, 'the decode to wait in the tap queue');
    await snap(mainframe, 'reconnecting', { fullPage: false });
    await expectNoSeriousViolations(mainframe, 'Mainframe, reconnecting');
    await snap(inventory, 'reconnecting-inventory', { fullPage: false });

    await game.start();
    for (const page of [mainframe, inventory]) {
      await reconnecting(page).waitFor({ state: 'detached', timeout: 15_000 });
      await page.locator('.bb-shell__whoami-name', { hasText: player.username }).waitFor();
    }
    expect(await heading(mainframe)).toBe(headings.mainframe);
    expect(await heading(inventory)).toBe(headings.inventory);
    expect(await markOf(mainframe)).toBe('before the restart');
    expect(await markOf(inventory)).toBe('before the restart');
    expect(navigations.mainframe()).toBe(0);
    expect(navigations.inventory()).toBe(0);
    expect(await loginForm(mainframe).count()).toBe(0);
    expect(await loginForm(inventory).count()).toBe(0);

    // The queued decode was sent after the return, and counted once.
    await waitFor(async () => (await queuedTaps(mainframe)) === 0, 'the tap queue to drain', 15_000);
    expect(await serverTotalTaps(game.url, mainframe)).toBe(tapsBefore + 1);
    expect(await composer.inputValue()).toBe('half a thought');

    // The player finishes the line after the return: it arrives once.
    const line = `back online ${unique()}`;
    await sendChat(mainframe, line);
    await chatLine(mainframe, line).waitFor({ timeout: 10_000 });
    const stored = await mainframe.evaluate(async (text) => {
      const res = await fetch('/api/chat/messages?limit=100', {
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-Frontend-Request': 'true' },
      });
      const body = (await res.json()) as { messages: Array<{ message: string }> };
      return body.messages.filter((m) => m.message === text).length;
    }, line);
    expect(stored).toBe(1);
    expect(await chatLine(mainframe, line).count()).toBe(1);
    await context.close();
  });

  it('shows RECONNECTING calmly on a phone too', async () => {
    const { context, page } = await newPage(browser, phone);
    await registerViaUi(page, game.url, newPlayer());
    await game.stop();
    try {
      await reconnecting(page).waitFor({ timeout: 10_000 });
      expect(await loginForm(page).count()).toBe(0);
      await snap(page, 'reconnecting', { fullPage: false });
      await expectNoSeriousViolations(page, 'Mainframe on a phone, reconnecting');
    } finally {
      await game.start();
    }
    await reconnecting(page).waitFor({ state: 'detached', timeout: 15_000 });
    await context.close();
  });

  it('still signs out at once when the server says the session is gone (401): deleted server-side while the socket is down', async () => {
    const { context, page } = await newPage(browser, desktop);
    const player = newPlayer();
    await registerViaUi(page, game.url, player);
    await page.locator('.bb-shell__online').waitFor();
    // The server goes; while it is away, the player's sessions are removed from its database.
    await game.stop();
    await reconnecting(page).waitFor({ timeout: 10_000 });
    await game.db.database.query('DELETE FROM sessions');
    await game.start();
    await loginForm(page).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await reconnecting(page).count()).toBe(0);
    await context.close();
  });
});
