import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { texts } from '../../src/core/texts';
import { buildApp, type App } from '../../src/server/app';
import { createGrantService } from '../../src/server/features/grant/service';
import { testConfig } from '../support/config';
import { freshDatabase, type TestDatabase } from '../support/db';
import {
  desktop,
  expectNoSeriousViolations,
  launchBrowser,
  newPage,
  newPlayer,
  phone,
  registerViaUi,
  snap,
  submitLoginViaUi,
  waitFor,
} from './fixtures';

const t = texts.optimizer;
const wide = { width: 1440, height: 900 } as const;

/**
 * The game on a real port with an injected clock: `offsetMs` moves the server's time forward, so a
 * one-minute upgrade and a five-minute drone run finish in a moment, without sleeping.
 */
describe('Optimizer and Drone in the browser', () => {
  let db: TestDatabase;
  let app: App;
  let url: string;
  let browser: Browser;
  let offsetMs = 0;
  beforeAll(async () => {
    db = await freshDatabase('pglite');
    app = await buildApp({
      config: testConfig({ staticDir: resolve('dist/client') }),
      database: db.database,
      now: () => Date.now() + offsetMs,
    });
    url = (await app.fastify.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await db?.dispose();
  });

  const grantTelnet = (loginId: string, telnet: number) =>
    createGrantService({ database: db.database }).grant({ loginId, telnet });
  const connRate = async (page: Page) =>
    (
      await page.locator('.bb-stat', { hasText: texts.mainframe.stats.connectionRate }).locator('dd').textContent()
    )?.trim();
  const countdown = (page: Page) => page.getByTestId('optimizer-countdown').textContent();

  it('an upgrade counts down from the server end time (also after a reload), then collects: the connection rate rises', async () => {
    const { context, page } = await newPage(browser, wide);
    const player = newPlayer();
    await registerViaUi(page, url, player);
    expect(await connRate(page)).toBe('10%');
    await grantTelnet(player.loginId, 100);
    await page.goto(`${url}/optimizer`);
    await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
    await expectNoSeriousViolations(page, 'optimizer');
    await snap(page, 'optimizer-idle');

    await page.getByRole('button', { name: t.start }).click();
    await page.getByTestId('optimizer-countdown').waitFor();
    const first = await countdown(page);
    expect(first).toMatch(/^0[01]:\d\d$/);
    await waitFor(async () => (await countdown(page)) !== first, 'the countdown to tick');
    await expect.poll(() => page.getByRole('button', { name: t.start }).isDisabled()).toBe(true);
    // A running upgrade is said calmly, not as a red refusal, and NEXT UPGRADE names the step after it.
    await page.getByText(t.upgradeRunning).waitFor();
    expect(await page.getByText(t.requirementsNotMet).count()).toBe(0);
    await page.getByText(t.afterRunning(1, 2)).waitFor();
    expect(await page.getByTestId('optimizer-cost').textContent()).toBe('22 TELNET');
    await expectNoSeriousViolations(page, 'optimizer while an upgrade runs');
    await snap(page, 'optimizer-active');

    // A reload keeps the server's end time: 30 s later on the server, about 30 s are left.
    offsetMs += 30_000;
    await page.reload();
    await page.getByTestId('optimizer-countdown').waitFor();
    const left = (await countdown(page))!;
    expect(Number(left.split(':')[1])).toBeLessThanOrEqual(31);

    offsetMs += 31_000;
    await page.reload();
    await page.getByText(t.ready).waitFor();
    await page.getByRole('button', { name: t.collect }).click();
    await page.getByTestId('optimizer-rate').getByText('11.00%').waitFor();
    await page.goto(`${url}/`);
    await waitFor(async () => (await connRate(page)) === '11%', 'the stats panel to show 11%');
    await context.close();
  });

  it('a drone bought, the tab closed, reopened after the run: the harvest dialog with its figures, once', async () => {
    const first = await newPage(browser, desktop);
    const player = newPlayer();
    await registerViaUi(first.page, url, player);
    await grantTelnet(player.loginId, 50);
    await first.page.goto(`${url}/optimizer`);
    const field = first.page.getByLabel(t.droneTelnetLabel);
    await field.fill('30');
    await first.page.getByRole('button', { name: t.droneBuy }).click();
    await first.page.getByText(t.droneActive(0, 30)).waitFor();
    await first.context.close();

    // Five minutes pass on the server; its jobs runner does the ten steps with nobody online.
    offsetMs += 5 * 60_000 + 1000;
    while ((await app.jobs.runDue()).length > 0);

    const again = await newPage(browser, desktop);
    // Not loginViaUi: the harvest dialog is modal, and when it opens before the Mainframe's heading
    // is seen, the heading is hidden from the accessibility tree (aria-hidden) and never "appears".
    await submitLoginViaUi(again.page, url, player);
    const dialog = again.page.getByRole('dialog', { name: t.harvestTitle });
    await dialog.waitFor();
    expect(await dialog.getByTestId('harvest-clicks').textContent()).toBe('30');
    expect(
      Number((await dialog.getByTestId('harvest-experience').textContent())?.replace('+', '')),
    ).toBeGreaterThanOrEqual(30);
    await expect.poll(() => dialog.getByText(t.harvestLevelUp).isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText('LV.1 →').isVisible()).toBe(true);
    await snap(again.page, 'drone-harvest', { fullPage: false });
    await dialog.getByRole('button', { name: t.harvestClose }).click();
    await dialog.waitFor({ state: 'detached' });

    // Shown once: a reload (or a second tab) finds nothing waiting.
    await again.page.reload();
    await again.page.getByRole('heading', { level: 1, name: texts.mainframe.title }).waitFor();
    await again.page.waitForLoadState('networkidle');
    expect(await again.page.getByRole('dialog', { name: t.harvestTitle }).count()).toBe(0);
    await again.context.close();
  });

  it('fits a 390 px phone, and says an upgrade is running there too', async () => {
    const { context, page } = await newPage(browser, phone);
    const player = newPlayer();
    await registerViaUi(page, url, player);
    await grantTelnet(player.loginId, 30);
    await page.goto(`${url}/optimizer`);
    await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'optimizer-phone');
    await page.getByRole('button', { name: t.start }).tap();
    await page.getByText(t.upgradeRunning).waitFor();
    await page.getByText(t.afterRunning(1, 2)).waitFor();
    expect(await page.getByText(t.requirementsNotMet).count()).toBe(0);
    await expectNoSeriousViolations(page, 'optimizer while an upgrade runs, phone');
    await snap(page, 'optimizer-phone-active');
    await context.close();
  });
});
