import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import {
  expectNoSeriousViolations,
  goViaMenu,
  newPage,
  newPlayer,
  openSystemMenu,
  phone,
  signedInPage,
  snap,
  useGame,
  waitFor,
} from './fixtures';

const game = useGame();
const wide = { width: 1440, height: 900 } as const;
const menuKeys = Object.keys(texts.shell.menu) as (keyof typeof texts.shell.menu)[];
const addedGuideSections = [
  'Inventory',
  'Data Exchange',
  'Optimizer and Drone',
  'Virus',
  'Hacking protections',
  'Activity log',
];

/** The text of the element(s) an element's aria-describedby points at. */
const description = (page: Page, name: string) =>
  page
    .getByRole('dialog')
    .getByRole('link', { name, exact: true })
    .evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );

describe('a new player is told what each thing is for', () => {
  for (const viewport of [wide, phone]) {
    const size = `${viewport.width}px`;

    it(`at ${size}: the register form says which name is private and which public, and a password mismatch is said once`, async () => {
      const { context, page } = await newPage(game.browser, viewport);
      await page.goto(`${game.server.url}/`);
      await page.getByRole('tab', { name: texts.auth.registerTab }).click();
      await page.getByText(texts.auth.loginIdPrivate).waitFor();
      await page.getByText(texts.auth.usernamePublic).waitFor();
      // The spec's hints stay, verbatim, under the new lines.
      await page.getByText(texts.hintLoginId).waitFor();
      const player = newPlayer();
      await page.getByLabel(texts.auth.loginIdLabel, { exact: true }).fill(player.loginId);
      await page.getByLabel(texts.auth.usernameLabel, { exact: true }).fill(player.username);
      await page.getByLabel(texts.auth.passwordLabel, { exact: true }).fill(player.password);
      await page.getByLabel(texts.auth.confirmPasswordLabel, { exact: true }).fill(`${player.password}x`);
      await page.getByRole('button', { name: texts.auth.initialize }).click();
      await page.getByText(texts.passwordsDontMatch).first().waitFor();
      expect(await page.getByText(texts.passwordsDontMatch).count()).toBe(1);
      // Said where it is fixed, and focus is there.
      expect(
        await page
          .getByLabel(texts.auth.confirmPasswordLabel, { exact: true })
          .evaluate((el) => el === document.activeElement),
      ).toBe(true);
      await expectNoSeriousViolations(page, `register form with a mismatch, ${size}`);
      await snap(page, 'register-help');
      await context.close();
    });

    it(`at ${size}: each SYSTEM menu entry has a line saying what it is for, and the guide explains the screens the spec's sections leave out`, async () => {
      const { context, page } = await signedInPage(game, viewport);
      await openSystemMenu(page);
      for (const key of menuKeys) {
        // The entry keeps its name (found by its label alone); the line is its description.
        expect(await description(page, texts.shell.menu[key])).toBe(texts.shell.menuHints[key]);
        await page.getByRole('dialog').getByText(texts.shell.menuHints[key]).waitFor();
      }
      await expectNoSeriousViolations(page, `SYSTEM menu, ${size}`);
      await snap(page, 'system-menu-hints', { fullPage: false });
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      await goViaMenu(page, texts.shell.menu.guide);
      await page.getByRole('heading', { level: 1, name: texts.guide.title }).waitFor();
      const toc = page.getByRole('navigation', { name: texts.guide.sections });
      for (const title of addedGuideSections) {
        await page.getByRole('region', { name: title, exact: true }).waitFor();
        expect(await toc.getByRole('link', { name: title }).count()).toBe(1);
      }
      await page
        .getByText('The DRONE card on the Optimizer screen is where you buy a drone run', { exact: false })
        .waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(page, `guide, ${size}`);
      await page.getByRole('region', { name: 'Hacking protections', exact: true }).scrollIntoViewIfNeeded();
      await snap(page, 'guide-more-sections', { fullPage: false });
      await context.close();
    });

    it(`at ${size}: SYNC says it fetched the stats, and Telnet reads 12,345 on every screen`, async () => {
      const { context, page } = await signedInPage(game, viewport, { telnet: 12_345 });
      await waitFor(
        async () => (await page.getByTestId('telnet').textContent()) === '12,345',
        'the Mainframe to show 12,345 Telnet',
      );
      const sync = page.getByRole('button', { name: texts.mainframe.stats.sync, exact: true });
      await sync.click();
      const status = page.getByRole('status').filter({ hasText: /^Synced with the server at \d\d:\d\d:\d\d$/ });
      await status.waitFor();
      await expectNoSeriousViolations(page, `Mainframe after SYNC, ${size}`);
      await snap(page, 'mainframe-synced', { fullPage: false });

      for (const [label, path] of [
        [texts.shell.menu.optimizer, '/optimizer'],
        [texts.shell.menu.dataExchange, '/data-exchange'],
      ] as const) {
        await goViaMenu(page, label);
        await page.waitForURL(`**${path}`);
        await page.locator('.bb-telnet', { hasText: '12,345' }).first().waitFor();
      }
      await context.close();
    });
  }
});
