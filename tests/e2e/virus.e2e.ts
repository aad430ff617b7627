import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCards } from '../../src/server/features/virus/test-provider';
import { texts } from '../../src/core/texts';
import { startTestServer } from '../support/server';
import { desktop, expectNoSeriousViolations, launchBrowser, loginViaUi, newPage, newPlayer, phone, registerViaUi, snap } from './fixtures';

const t = texts.virus;

// PAYMENTS=test with a $20.00 daily limit: one bundle fits, the next purchase does not.
describe('virus shop on the test payment provider', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  let url: string;
  beforeAll(async () => {
    server = await startTestServer({ config: { payments: { mode: 'test' }, virusDailyLimitCents: 2000 } });
    url = server.url.replace(/\/$/, '');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('buys the bundle by keyboard, shows the success toast and 10 new cores, then the limit refuses the next purchase', async () => {
    const { context, page } = await newPage(browser, desktop);
    await page.goto(`${url}/virus`);
    await page.getByText(t.loginRequired).waitFor();
    const player = newPlayer();
    await registerViaUi(page, url, player);
    await page.goto(`${url}/virus`);
    await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
    for (const [name, pct] of [['T-1', '50%'], ['T-2', '30%'], ['T-3', '15%'], ['T-4', '4%'], ['T-5', '1%']]) {
      expect(await page.getByRole('row', { name: `${name} ${pct}` }).count()).toBe(1);
    }
    await page.getByText(t.testModeBanner).first().waitFor();
    await page.getByText('SAVE $4.00').waitFor();
    await expectNoSeriousViolations(page, 'virus');
    await snap(page, 'virus');

    // Keyboard only: focus the bundle's command, Enter opens the dialog, the card field has focus.
    await page.getByRole('button', { name: t.buyLabel(t.bundleTitle, '$19.90') }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: t.paymentDialogTitle });
    await dialog.waitFor();
    await page.keyboard.type(testCards.declined);
    await page.keyboard.press('Enter');
    const toast = page.getByTestId('toast');
    await toast.filter({ hasText: t.paymentFailed }).filter({ hasText: t.testCardDeclined }).waitFor();
    await dialog.getByLabel(t.testCardLabel).fill('4242 4242 4242 4242');
    await snap(page, 'virus-payment-dialog', { fullPage: false });
    await page.keyboard.press('Enter');
    await toast.filter({ hasText: t.paymentSuccessful }).filter({ hasText: t.purchaseDone(10) }).waitFor();
    expect(await dialog.count()).toBe(0);
    // The declined card ended its purchase (a FAILED row); the good card paid a new one.
    const delivered = page.getByRole('row').filter({ has: page.getByRole('cell', { name: t.status.fulfilled }) });
    await delivered.getByRole('cell', { name: '$19.90 USD' }).waitFor();
    await page.getByRole('row').filter({ has: page.getByRole('cell', { name: t.status.failed }) }).waitFor();
    await snap(page, 'virus-receipt');

    await page.getByRole('button', { name: t.buyLabel(t.singleTitle, '$2.39') }).click();
    await toast.filter({ hasText: t.paymentSetupFailed }).filter({ hasText: t.dailyLimit('$0.10') }).waitFor();
    expect(await dialog.count()).toBe(0);
    await snap(page, 'virus-limit');

    await page.goto(`${url}/inventory`);
    const openButtons = page.getByRole('button', { name: /^OPEN T-[1-5] Telnet Core$/ });
    await openButtons.first().waitFor();
    expect(await openButtons.count()).toBe(10);
    await context.close();

    const phoneView = await newPage(browser, phone);
    await loginViaUi(phoneView.page, url, player);
    await phoneView.page.goto(`${url}/virus`);
    await phoneView.page.getByRole('cell', { name: t.status.fulfilled }).waitFor();
    const overflow = await phoneView.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(phoneView.page, 'virus');
    await phoneView.context.close();
  });
});
