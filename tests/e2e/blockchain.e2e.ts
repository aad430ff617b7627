import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { balance } from '../../src/core/balance';
import { texts } from '../../src/core/texts';
import { startTestServer } from '../support/server';
import {
  desktop,
  expectNoSeriousViolations,
  goViaMenu,
  launchBrowser,
  newPage,
  newPlayer,
  phone,
  registerViaUi,
  snap,
  waitFor,
} from './fixtures';

const t = texts.blockchain;
type Server = Awaited<ReturnType<typeof startTestServer>>;

describe('the Blockchain screen', () => {
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The test reads the code from the database, never from the API. */
  async function code(): Promise<{ id: number; code: string }> {
    const rows = await query<{ id: number; code: string }>(
      "SELECT id, code FROM blockchain_bosses WHERE status = 'active'",
    );
    return { id: Number(rows[0]!.id), code: rows[0]!.code };
  }
  async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return server.db.database.query<T>(sql, params);
  }
  const expShown = async (page: Page) =>
    Number(await page.getByRole('progressbar', { name: texts.mainframe.stats.exp }).getAttribute('aria-valuenow'));
  const integrityShown = async (page: Page) =>
    Number(await page.getByRole('progressbar', { name: t.integrity }).getAttribute('aria-valuenow'));
  async function openBlockchain(page: Page) {
    await goViaMenu(page, texts.shell.menu.blockchain);
    await page.getByRole('heading', { name: t.codeBreach }).waitFor();
  }
  async function guess(page: Page, digits: string) {
    const box = page.getByLabel(t.guessLabel);
    await box.fill(digits);
    await box.press('Enter');
  }

  it('a wrong guess adds an attempt with its dots and lowers EXP; a crack moves the bar in a second browser live', async () => {
    const a = { ...(await newPage(browser, desktop)), player: newPlayer() };
    const b = { ...(await newPage(browser, desktop)), player: newPlayer() };
    await registerViaUi(a.page, server.url, a.player);
    await registerViaUi(b.page, server.url, b.player);
    await query('UPDATE users SET attack = 10, current_exp = 9, critical_rate = 0 WHERE username = $1', [
      a.player.username,
    ]);
    await query("UPDATE blockchain_bosses SET max_integrity = 100, integrity = 100 WHERE status = 'active'");
    await openBlockchain(a.page);
    await openBlockchain(b.page);
    await a.page.getByRole('button', { name: 'SYNC' }).click();
    await waitFor(async () => (await expShown(a.page)) === 9, 'EXP 9 shown');
    expect(await a.page.getByTestId('exp-cost').textContent()).toBe('2');

    // The input keeps digits only and caps the length; the counter follows.
    const box = a.page.getByLabel(t.guessLabel);
    await box.pressSequentially('12ab34-5678901234');
    expect(await box.inputValue()).toBe('1234567890');
    expect(await a.page.getByTestId('guess-count').textContent()).toBe('10/10');
    await box.fill('');

    const boss = await code();
    const wrong = `${boss.code.slice(0, 4)}${[...boss.code.slice(4)].map((d) => String((Number(d) + 1) % 10)).join('')}`;
    await guess(a.page, wrong);
    await a.page.getByText(t.incorrectCode).waitFor();
    const attempt = a.page.getByTestId('attempt').first();
    await attempt.waitFor();
    expect(await attempt.locator('[data-dot="filled"]').count()).toBe(4);
    expect(await box.inputValue()).toBe('');
    await waitFor(async () => (await expShown(a.page)) === 7, 'EXP 9 → 7 on screen');
    // The other player sees the attempt too, over the socket.
    await b.page.getByTestId('attempt').filter({ hasText: wrong }).waitFor();
    await snap(a.page, 'blockchain-wrong-guess');

    const before = await integrityShown(b.page);
    // The server refuses a second guess within 500 ms of the first; move the first one back in time
    // rather than sleeping through the window (a sleep is only as good as the machine's load).
    await query(
      'UPDATE blockchain_guessers SET last_guess_at_ms = last_guess_at_ms - $2 FROM users WHERE users.id = blockchain_guessers.user_id AND users.username = $1',
      [a.player.username, 2 * balance.guessIgnoreWindowMs],
    );
    await guess(a.page, boss.code);
    await a.page.getByText(t.codeCracked).waitFor();
    await a.page.getByText(t.perfectDamage(10)).waitFor();
    await waitFor(
      async () => (await integrityShown(b.page)) === before - 10,
      'integrity moves in the second browser without a reload',
      5000,
    );
    await snap(b.page, 'blockchain-second-browser');
    await expectNoSeriousViolations(a.page, 'blockchain');
    await Promise.all([a.context.close(), b.context.close()]);
  });

  it('a defeat shows BLOCKCHAIN CRACKED with a running countdown, on a phone too', async () => {
    const { context, page } = await newPage(browser, phone);
    const player = newPlayer();
    await registerViaUi(page, server.url, player);
    await query('UPDATE users SET attack = 3, current_exp = 1, critical_rate = 0 WHERE username = $1', [
      player.username,
    ]);
    await openBlockchain(page);
    await snap(page, 'blockchain-phone');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    const crack = await page.getByRole('button', { name: t.crack }).boundingBox();
    expect((crack?.x ?? 999) + (crack?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(crack?.height ?? 0).toBeGreaterThanOrEqual(44);
    await query("UPDATE blockchain_bosses SET integrity = 1 WHERE status = 'active'");
    const boss = await code();
    await guess(page, boss.code);
    await page.getByText(t.bossDefeated).waitFor();
    await page.getByText(t.cracked, { exact: true }).first().waitFor();
    const countdown = page.getByTestId('countdown');
    const first = await countdown.textContent();
    // Two hours from the defeat, counted down from the server's time (02:00:00 within the first second).
    expect(first).toMatch(/^(02:00:00|01:59:[0-5]\d)$/);
    await waitFor(async () => (await countdown.textContent()) !== first, 'the countdown ticks');
    await page.getByRole('article', { name: t.lastHit }).getByText(player.username).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await snap(page, 'blockchain-cracked-phone');
    const wide = await newPage(browser, desktop);
    await registerViaUi(wide.page, server.url, newPlayer());
    await goViaMenu(wide.page, texts.shell.menu.blockchain);
    await wide.page.getByTestId('countdown').waitFor();
    await snap(wide.page, 'blockchain-cracked');
    await Promise.all([context.close(), wide.context.close()]);
  });
});
