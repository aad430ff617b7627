import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import { terminalTexts as t } from '../../src/core/texts/terminal';
import { startTestServer } from '../support/server';
import {
  expectNoSeriousViolations,
  goViaMenu,
  launchBrowser,
  phone,
  pingPrompt,
  snap,
  twoPlayers,
  waitFor,
} from './fixtures';

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer({ accountsPerIp: 0 });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const wide = { width: 1440, height: 900 } as const;
const prompt = (page: Page) => page.locator('.bb-term__input');
const output = (page: Page) => page.getByRole('log');
const promptFocused = (page: Page) =>
  page.evaluate(() => document.activeElement?.classList.contains('bb-term__input') ?? false);
const veteran = (username: string, level: number) =>
  server.database.query("UPDATE users SET level = $2, created_at = now() - interval '2 days' WHERE username = $1", [
    username,
    level,
  ]);

describe('Terminal comforts: focus on arrival, Tab everywhere, scan, the phone TAB button', () => {
  it('arrives focused, completes names and paths, scans who is fair game, and completes by button on a phone', async () => {
    const { a, b, close } = await twoPlayers(browser, server.url, wide);
    try {
      await veteran(a.player.username, 8);
      await veteran(b.player.username, 9);

      // Arriving by the SYSTEM menu: the prompt has the focus, so typing 'help' right away works.
      await goViaMenu(a.page, texts.shell.menu.terminal);
      await a.page.getByRole('heading', { level: 1, name: 'TERMINAL' }).waitFor();
      await waitFor(() => promptFocused(a.page), 'the Terminal prompt to take focus on arrival');
      await a.page.keyboard.type('help');
      await a.page.keyboard.press('Enter');
      await output(a.page).getByText('scan', { exact: true }).waitFor();

      // scan: b is open (a level apart), with the level; nothing private.
      await a.page.keyboard.type('scan');
      await a.page.keyboard.press('Enter');
      const scan = output(a.page).getByRole('list', { name: 'Scan' }).last();
      await scan.getByText(`${b.player.username} · lvl 9`).waitFor();
      await scan.getByText(t.scanOpen, { exact: true }).first().waitFor();
      await expectNoSeriousViolations(a.page, 'terminal scan');
      await snap(a.page, 'terminal-scan');

      // ssh ⇥ lists every known name like a shell (the developer's and scan's); one more letter completes it.
      await prompt(a.page).fill('ssh ');
      await prompt(a.page).press('Tab');
      const offered = output(a.page).locator('.bb-term--muted').filter({ hasText: 'developer' }).last();
      await offered.waitFor();
      expect(await offered.innerText()).toContain(b.player.username);
      await prompt(a.page).fill('ssh dev');
      await prompt(a.page).press('Tab');
      await waitFor(
        async () => (await prompt(a.page).inputValue()) === 'ssh developer',
        'ssh dev⇥ to complete the developer',
      );

      // mv Token va⇥ in one's own box: both directories listed, one more letter completes the path.
      await prompt(a.page).fill(`ssh ${a.player.username}`);
      await prompt(a.page).press('Enter');
      await output(a.page).getByText(t.rootOpened(a.player.username)).waitFor();
      for (const dir of ['vault', 'var']) {
        await prompt(a.page).fill(`mkdir ${dir}`);
        await prompt(a.page).press('Enter');
        await output(a.page)
          .getByText(t.directoryCreated(`/${dir}`))
          .waitFor();
      }
      await prompt(a.page).fill('ls');
      await prompt(a.page).press('Enter');
      await output(a.page).getByText('var/', { exact: true }).last().waitFor();
      await prompt(a.page).fill('mv Token va');
      await prompt(a.page).press('Tab');
      await output(a.page)
        .locator('p.bb-term--muted')
        .filter({ hasText: 'vault/' })
        .filter({ hasText: 'var/' })
        .last()
        .waitFor();
      await prompt(a.page).fill('mv Token vau');
      await prompt(a.page).press('Tab');
      await waitFor(
        async () => (await prompt(a.page).inputValue()) === 'mv Token vault/',
        'mv Token vau⇥ to complete the directory',
      );
      await snap(a.page, 'terminal-completion');

      // Ping: the prompt takes focus on arrival too.
      await goViaMenu(a.page, texts.shell.menu.ping);
      await waitFor(
        () => pingPrompt(a.page).evaluate((el) => el === document.activeElement),
        'the Ping prompt to take focus on arrival',
      );

      // A phone: the TAB button sits by the prompt and completes as Tab does, keeping focus on the prompt.
      await b.page.setViewportSize(phone);
      await goViaMenu(b.page, texts.shell.menu.terminal);
      await waitFor(() => promptFocused(b.page), 'the Terminal prompt to take focus on a phone');
      const button = b.page.getByRole('button', { name: t.completeButton });
      await button.waitFor();
      await prompt(b.page).fill('ssh dev');
      await button.click();
      await waitFor(async () => (await prompt(b.page).inputValue()) === 'ssh developer', 'the TAB button to complete');
      expect(await promptFocused(b.page)).toBe(true);
      await prompt(b.page).fill('sc');
      await button.click();
      await prompt(b.page).press('Enter');
      await output(b.page).getByRole('list', { name: 'Scan' }).getByText(`${a.player.username} · lvl 8`).waitFor();
      await expectNoSeriousViolations(b.page, 'terminal on a phone');
      await snap(b.page, 'terminal-scan-phone');
      expect(await a.page.locator('.bb-term__complete').isVisible()).toBe(false);
    } finally {
      await close();
    }
  }, 180_000);
});
