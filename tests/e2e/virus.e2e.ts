import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCards } from '../../src/server/features/virus/test-provider';
import { balance } from '../../src/core/balance';
import { texts } from '../../src/core/texts';
import { startTestServer } from '../support/server';
import {
  expectNoSeriousViolations,
  launchBrowser,
  loginViaUi,
  newPage,
  newPlayer,
  phone,
  registerViaUi,
  snap,
  waitFor,
} from './fixtures';

const t = texts.virus;
const wide = { width: 1440, height: 900 } as const;

/** The package's buy command, whatever it shows now (EXECUTE, or the cooldown's WAIT n s). */
const buyButton = (page: Page, title: string, price: string) =>
  page.getByRole('button', { name: new RegExp(`^(EXECUTE|WAIT \\d+ s) ${title} for \\${price}$`) });
/** axe's label-content-name-mismatch (experimental: run only when asked for) on the buy commands. */
async function expectNamesHoldTheirText(page: Page) {
  const results = await new AxeBuilder({ page })
    .withRules(['label-content-name-mismatch'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  expect(results.violations.map((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  // The rule did look at both buy commands (an aria-label 'Buy …' once hid 'EXECUTE').
  const checked = results.passes
    .filter((v) => v.id === 'label-content-name-mismatch')
    .flatMap((v) => v.nodes.map((n) => n.target.join(' ')))
    .filter((target) => target.includes('bb-virus__card'));
  expect(checked.length).toBe(2);
}
const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName ?? null);

// PAYMENTS=test with a $20.00 daily limit: one bundle fits, the next purchase does not. The server's
// clock can be moved past the purchase cooldown instead of waiting it out.
describe('virus shop on the test payment provider', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  let url: string;
  let clockAheadMs = 0;
  beforeAll(async () => {
    server = await startTestServer({
      config: { payments: { mode: 'test' }, virusDailyLimitCents: 2000 },
      now: () => Date.now() + clockAheadMs,
    });
    url = server.url.replace(/\/$/, '');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('buys the bundle by keyboard: a declined card in the dialog, focus back on EXECUTE, the cooldown on the buttons, then the limit', async () => {
    const { context, page } = await newPage(browser, wide);
    await page.goto(`${url}/virus`);
    await page.getByText(t.loginRequired).waitFor();
    const player = newPlayer();
    await registerViaUi(page, url, player);
    await page.goto(`${url}/virus`);
    await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
    for (const [name, pct] of [
      ['T-1', '50%'],
      ['T-2', '30%'],
      ['T-3', '15%'],
      ['T-4', '4%'],
      ['T-5', '1%'],
    ]) {
      expect(await page.getByRole('row', { name: `${name} ${pct}` }).count()).toBe(1);
    }
    await page.getByText(t.testModeBanner).first().waitFor();
    await page.getByText('SAVE $4.00').waitFor();
    // The buy command is named by what it shows first (axe label-content-name-mismatch).
    const bundle = page.getByRole('button', { name: t.buyLabel(t.buy, t.bundleTitle, '$19.90') });
    await bundle.waitFor();
    await expectNoSeriousViolations(page, 'virus');
    await expectNamesHoldTheirText(page);
    await snap(page, 'virus');

    // Keyboard only: focus the bundle's command, Enter opens the dialog, the card field has focus.
    await bundle.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: t.paymentDialogTitle });
    await dialog.waitFor();
    await page.keyboard.type(testCards.declined);
    await page.keyboard.press('Enter');
    // The declined card is told inside the dialog, where the next card is typed.
    await dialog
      .getByRole('alert')
      .filter({ hasText: t.paymentFailed })
      .filter({ hasText: t.testCardDeclined })
      .waitFor();
    expect(await page.getByTestId('toast').filter({ hasText: t.testCardDeclined }).count()).toBe(0);
    await expectNoSeriousViolations(page, 'virus payment dialog, card declined');
    await snap(page, 'virus-payment-declined', { fullPage: false });
    await dialog.getByLabel(t.testCardLabel).fill('4242 4242 4242 4242');
    await page.keyboard.press('Enter');
    const toast = page.getByTestId('toast');
    await toast
      .filter({ hasText: t.paymentSuccessful })
      .filter({ hasText: t.purchaseDone(10) })
      .waitFor();
    expect(await dialog.count()).toBe(0);
    // Focus is back on the command that opened the dialog, which now counts the cooldown down.
    await waitFor(
      async () => /^WAIT \d+ s TROJAN BUNDLE for \$19\.90$/.test((await focusedName(page)) ?? ''),
      'focus back on the bundle command, showing the cooldown',
    );
    await page.getByText(/^One purchase may start every 30 s: the next in \d+ s\.$/).waitFor();
    // The declined card ended its purchase (a FAILED row); the good card paid a new one.
    const delivered = page.getByRole('row').filter({ has: page.getByRole('cell', { name: t.status.fulfilled }) });
    await delivered.getByRole('cell', { name: '$19.90 USD' }).waitFor();
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: t.status.failed }) })
      .waitFor();
    await expectNoSeriousViolations(page, 'virus cooldown');
    await expectNamesHoldTheirText(page);
    await snap(page, 'virus-receipt');

    // Inside the cooldown the command asks nothing of the server: no dialog, no PAYMENT SETUP FAILED.
    const starts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/create-payment-intent')) starts.push(request.url());
    });
    await buyButton(page, t.singleTitle, '$2.39').focus();
    await page.keyboard.press('Enter');
    expect(starts).toEqual([]);
    expect(await dialog.count()).toBe(0);

    clockAheadMs = (balance.virusCooldownSeconds + 1) * 1000;
    await page.reload();
    await page.getByRole('button', { name: t.buyLabel(t.buy, t.singleTitle, '$2.39') }).click();
    await toast
      .filter({ hasText: t.paymentSetupFailed })
      .filter({ hasText: t.dailyLimit('$0.10') })
      .waitFor();
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
    const overflow = await phoneView.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(phoneView.page, 'virus');
    await phoneView.context.close();
  });

  it(
    'on a phone, a declined card is told in the dialog; closing it gives focus ' +
      'back to the command, which shows the cooldown of a purchase left open',
    async () => {
      const { context, page } = await newPage(browser, phone);
      await registerViaUi(page, url, newPlayer());
      await page.goto(`${url}/virus`);
      const single = page.getByRole('button', { name: t.buyLabel(t.buy, t.singleTitle, '$2.39') });
      await single.waitFor();
      await expectNamesHoldTheirText(page);
      await single.tap();
      const dialog = page.getByRole('dialog', { name: t.paymentDialogTitle });
      await dialog.waitFor();
      await dialog.getByLabel(t.testCardLabel).fill(testCards.declined);
      await dialog.getByRole('button', { name: t.pay('$2.39') }).tap();
      await dialog.getByRole('alert').filter({ hasText: t.testCardDeclined }).waitFor();
      await expectNoSeriousViolations(page, 'virus payment dialog, card declined, phone');
      await snap(page, 'virus-payment-declined', { fullPage: false });
      await dialog.getByRole('button', { name: t.cancel }).tap();
      await dialog.waitFor({ state: 'detached' });
      // A declined purchase is over (FAILED) and holds no cooldown: focus is back on a command ready to use.
      await waitFor(
        async () => (await focusedName(page)) === t.buyLabel(t.buy, t.singleTitle, '$2.39'),
        'focus back on EXECUTE SINGLE TROJAN',
      );

      // A purchase started and left open does hold it.
      await single.tap();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: t.cancel }).tap();
      await dialog.waitFor({ state: 'detached' });
      await waitFor(
        async () => /^(EXECUTE|WAIT \d+ s) SINGLE TROJAN for \$2\.39$/.test((await focusedName(page)) ?? ''),
        'focus back on the single command',
      );
      // Both commands say so before the next tap.
      await buyButton(page, t.bundleTitle, '$19.90')
        .filter({ hasText: /^\[?WAIT \d+ s\]?$/ })
        .waitFor();
      await expectNoSeriousViolations(page, 'virus cooldown on a phone');
      await snap(page, 'virus-cooldown');
      await context.close();
    },
  );
});
