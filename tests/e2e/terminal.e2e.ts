import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pingTexts } from '../../src/core/texts/ping';
import { terminalTexts as t } from '../../src/core/texts/terminal';
import { createGrantService } from '../../src/server/features/grant/service';
import { startTestServer } from '../support/server';
import {
  expectNoSeriousViolations,
  launchBrowser,
  phone,
  snap,
  twoPlayers,
  waitFor,
  waitForLiveLink,
} from './fixtures';

// A short limit: the expiry text must appear within the test, not after 60 s.
const limitMs = 30_000;
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer({ accountsPerIp: 0, intrusionTimeLimitMs: limitMs });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const prompt = (page: Page) => page.locator('.bb-term__input');
async function type(page: Page, line: string) {
  await prompt(page).fill(line);
  await prompt(page).press('Enter');
}
const output = (page: Page) => page.getByRole('log');
const seen = (page: Page, text: string, timeout = 10_000) =>
  output(page).getByText(text, { exact: true }).last().waitFor({ timeout });
const telnetOf = async (page: Page) =>
  ((await (await page.request.get(`${server.url}/api/auth/user`)).json()) as { telnet: number }).telnet;

/** Past the new-player shield (level 5, 24 hours): set in the database, as an operator would. */
async function veteran(username: string, telnet = 0) {
  await server.database.query(
    "UPDATE users SET level = 6, created_at = now() - interval '2 days' WHERE username = $1",
    [username],
  );
  if (telnet) {
    const [row] = await server.database.query<{ login_id: string }>('SELECT login_id FROM users WHERE username = $1', [
      username,
    ]);
    await createGrantService({ database: server.database }).grant({ loginId: row!.login_id, telnet });
  }
}

describe('Terminal between two browsers', () => {
  it('B hides the Token, A breaks in and hacks it, both histories show it, B is told; expiry; the chatroom is live', async () => {
    const { a, b, close } = await twoPlayers(browser, server.url);
    try {
      await veteran(a.player.username);
      await veteran(b.player.username, 1000);
      await waitForLiveLink(b.page);
      for (const p of [a.page, b.page]) {
        await p.goto(`${server.url}/chatroom`);
        await p.getByRole('heading', { level: 1, name: 'TERMINAL' }).waitFor();
      }

      // B: root on their own box; hide the Token in a directory.
      await type(b.page, `ssh ${b.player.username}`);
      await seen(b.page, t.rootOpened(b.player.username));
      await type(b.page, 'mkdir vault');
      await seen(b.page, t.directoryCreated('/vault'));
      await type(b.page, 'mv Token vault');
      await seen(b.page, t.errorLine(t.tokenCannotBeRenamed));
      await type(b.page, 'mv Token vault/');
      await seen(b.page, t.tokenMoved('/vault'));
      await type(b.page, 'help');
      await output(b.page).getByText('buy-dir-confirm', { exact: true }).waitFor();
      await snap(b.page, 'terminal-root');

      // A: the intrusion shows one directory at a time; Tab completes the listed path.
      await type(a.page, 'frobnicate');
      await seen(a.page, "command not found: frobnicate. type 'help' for available commands");
      await type(a.page, `ssh ${b.player.username}`);
      await seen(a.page, t.intrusionOpened(b.player.username, limitMs / 1000));
      await a.page.getByRole('timer').waitFor();
      await type(a.page, 'cd');
      await seen(a.page, t.missingPath);
      await prompt(a.page).fill('cd va');
      await prompt(a.page).press('Tab');
      await waitFor(async () => (await prompt(a.page).inputValue()) === 'cd vault/', 'Tab to complete the directory');
      await prompt(a.page).press('Enter');
      await a.page.getByText(`${a.player.username}@${b.player.username}[ssh]:/vault$`).first().waitFor();
      await type(a.page, 'ls');
      await output(a.page).getByText('◆ Token').waitFor();
      await type(a.page, 'mkdir x');
      await seen(a.page, 'error: mkdir: permission denied (read-only intrusion)');
      await snap(a.page, 'terminal-intrusion');
      await expectNoSeriousViolations(a.page, 'terminal intrusion');
      // B's missions (root, mkdir, mv) paid 10 each: 30 % of whatever B holds now, rounded down.
      const [aBefore, bBefore] = [await telnetOf(a.page), await telnetOf(b.page)];
      const stolen = Math.floor((bBefore * 30) / 100);
      await type(a.page, 'hack Token');
      await seen(a.page, t.hackSucceeded(stolen, b.player.username));
      await seen(a.page, 'connection closed by remote host');
      expect(await telnetOf(a.page)).toBe(aBefore + stolen);
      expect(await telnetOf(b.page)).toBe(bBefore - stolen);

      // B is told at once, on screen, and both status histories show the attack.
      await b.page.getByText(t.youWereHacked(a.player.username, stolen)).waitFor();
      await snap(b.page, 'terminal-victim-alert');
      await type(a.page, 'status');
      await output(a.page).getByText(`${b.player.username}: +${stolen} telnet`).last().waitFor();
      await type(b.page, 'status');
      await output(b.page).getByText(`${a.player.username} took ${stolen} telnet`).last().waitFor();
      await output(b.page)
        .getByRole('list', { name: 'Intrusion log' })
        .last()
        .getByText(a.player.username, { exact: true })
        .waitFor();

      // The server's clock: B's intrusion into the developer runs out; the text shows and the server refuses more.
      await type(b.page, 'exit');
      const opened = b.page.waitForResponse((r) => r.url().endsWith('/api/filesystem/ssh'));
      await type(b.page, 'ssh developer');
      const { intrusionId } = (await (await opened).json()) as { intrusionId: number };
      await seen(b.page, t.sessionExpired, limitMs + 10_000);
      // Shown above the output too, not only as one log line among many, until the next command.
      await b.page.getByRole('alert').filter({ hasText: t.sessionExpired }).waitFor();
      await snap(b.page, 'terminal-expired-notice');
      await type(b.page, 'ls');
      await seen(b.page, 'error: ls: open a file system first (ssh {username})');
      const late = await b.page.request.get(`${server.url}/api/filesystem/contents?path=/&intrusionId=${intrusionId}`);
      expect(late.status()).toBe(403);
      await snap(b.page, 'terminal-expired');

      // The chatroom: a line from the other browser appears live.
      await type(a.page, 'ssh chatroom');
      await type(b.page, 'ssh chatroom');
      await type(b.page, 'hello from the other side');
      await output(a.page).getByText(': hello from the other side').waitFor();
      await a.page.setViewportSize(phone);
      await snap(a.page, 'terminal-chatroom');

      // B's Ping holds a system line naming A and the Telnet taken — no sender, nothing to answer.
      await b.page.goto(`${server.url}/ping`);
      await b.page
        .getByTestId('ping-system-line')
        .getByText(pingTexts.tokenHackedLine(a.player.username, stolen), { exact: true })
        .waitFor();
      await snap(b.page, 'ping-system-line');
    } catch (failure) {
      // What each player saw when it failed, for the report.
      await snap(a.page, 'terminal-failure-a').catch(() => undefined);
      await snap(b.page, 'terminal-failure-b').catch(() => undefined);
      console.error(
        'terminal e2e failed at',
        new Date().toISOString(),
        await a.page
          .locator('.bb-term__output')
          .last()
          .innerText()
          .catch(() => ''),
        await b.page
          .locator('.bb-term__output')
          .last()
          .innerText()
          .catch(() => ''),
      );
      throw failure;
    } finally {
      await close();
    }
  }, 240_000);
});
