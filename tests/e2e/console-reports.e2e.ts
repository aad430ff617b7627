import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import { consoleTexts } from '../../src/core/texts/console';
import { reportQueueTexts } from '../../src/core/texts/console-reports';
import {
  desktop,
  expectNoSeriousViolations,
  newPage,
  newPlayer,
  phone,
  registerViaUi,
  sendChat,
  snap,
  unique,
  useGame,
  waitFor,
} from './fixtures';

const game = useGame();
const t = reportQueueTexts;

/** Reports a chat line the way the game's report dialog does: POST /api/reports with the session's CSRF token. */
async function reportLine(page: Page, text: string, reason: string, note: string): Promise<number> {
  return page.evaluate(
    async ({ text, reason, note }) => {
      const history = (await (await fetch('/api/chat/messages')).json()) as {
        messages: { id: number; message: string }[];
      };
      const line = history.messages.find((m) => m.message === text);
      if (!line) throw new Error(`no line ${text}`);
      const { csrfToken } = (await (await fetch('/api/auth/csrf-token')).json()) as { csrfToken: string };
      const res = await fetch('/api/reports', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
        body: JSON.stringify({ target: { kind: 'chat', messageId: line.id }, reason, note }),
      });
      if (res.status !== 200) throw new Error(`report refused: ${res.status} ${await res.text()}`);
      return line.id;
    },
    { text, reason, note },
  );
}

const focusedKey = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.key ?? null);

describe('the console reports queue', () => {
  it('shows a reported line as it was, dismisses it by keyboard with a reason, and the audit log records it', async () => {
    const author = await newPage(game.browser, desktop);
    const reporter = await newPage(game.browser, desktop);
    const console_ = await newPage(game.browser, desktop);
    try {
      const [b, a, admin] = [newPlayer(), newPlayer(), newPlayer()];
      await registerViaUi(author.page, game.server.url, b);
      await registerViaUi(reporter.page, game.server.url, a);
      const [first, second] = [`first line ${unique()}`, `second line ${unique()}`];
      await sendChat(author.page, first);
      await sendChat(author.page, second);
      const firstId = await reportLine(reporter.page, first, 'harassment', 'keeps at it');
      const secondId = await reportLine(reporter.page, second, 'spam', '');

      await registerViaUi(console_.page, game.server.url, admin);
      await game.server.setRole(admin.loginId, 'admin');
      const page = console_.page;
      await page.goto(`${game.server.url}/admin`);
      await page.getByRole('heading', { level: 1, name: consoleTexts.title }).waitFor();
      const items = page.getByTestId('report-item');
      await items.filter({ hasText: first }).waitFor();
      // The newest report first (both reported once); the line as reported, with its author, reporter, reason and note.
      expect(await items.count()).toBe(2);
      expect(await items.first().innerText()).toContain(second);
      const firstCard = items.filter({ hasText: first });
      for (const shown of [b.username, a.username, 'harassment', 'keeps at it', t.count(1)])
        expect(await firstCard.innerText()).toContain(shown);
      expect(await page.getByText(t.help).count()).toBe(1);
      await expectNoSeriousViolations(page, 'console reports queue');
      await snap(page, 'console-reports');

      // Keyboard: Tab from the tabs into the queue, j to the older report, D asks the reason.
      await page.getByRole('tab', { name: consoleTexts.tabs.reports }).focus();
      await page.keyboard.press('Tab');
      expect(await focusedKey(page)).toBe(`chat:${secondId}`);
      await page.keyboard.press('j');
      expect(await focusedKey(page)).toBe(`chat:${firstId}`);
      await page.keyboard.press('d');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const reason = dialog.getByLabel(t.dialog.reason);
      expect(await reason.inputValue()).toBe('reported: harassment');
      await expectNoSeriousViolations(page, 'console resolve dialog');
      // Escape cancels and gives the focus back to the report.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // Radix hands the focus back after its close animation frame: wait for it, don't race it.
      await waitFor(
        async () => (await focusedKey(page)) === `chat:${firstId}`,
        'the focus back on the report that opened the dialog',
      );
      expect(await items.count()).toBe(2);

      await page.keyboard.press('D');
      await dialog.waitFor();
      await reason.fill('friends joking, no harm');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await page
        .getByRole('status')
        .filter({ hasText: t.resolved(1, 'dismissed') })
        .waitFor();
      await waitFor(async () => (await items.count()) === 1, 'the dismissed report to leave the queue');
      // The focus went to the report left in the list, ready for the next key.
      await waitFor(
        async () => (await focusedKey(page)) === `chat:${secondId}`,
        'the focus on the report left in the queue',
      );

      await page.getByRole('tab', { name: consoleTexts.tabs.audit }).click();
      const row = page.getByTestId('audit-row').filter({ hasText: 'report-resolve' });
      await row.waitFor();
      const shown = await row.innerText();
      for (const part of [admin.username, b.username, 'friends joking, no harm', 'dismissed', `chat:${firstId}`])
        expect(shown).toContain(part);
    } finally {
      await Promise.all([author.context.close(), reporter.context.close(), console_.context.close()]);
    }
  });

  it('fits a phone: the queue with its buttons at 390 px, no sideways scrolling, and an empty queue says so', async () => {
    const author = await newPage(game.browser, desktop);
    const reporter = await newPage(game.browser, desktop);
    const { context, page } = await newPage(game.browser, phone);
    try {
      const [b, a, admin] = [newPlayer(), newPlayer(), newPlayer()];
      await registerViaUi(author.page, game.server.url, b);
      await registerViaUi(reporter.page, game.server.url, a);
      const line = `phone line ${unique()} with a long unbroken tail ${'x'.repeat(60)}`;
      await sendChat(author.page, line);
      await reportLine(
        reporter.page,
        line,
        'spam',
        'a note that runs on for a while to see it wrap on a narrow screen',
      );

      await registerViaUi(page, game.server.url, admin);
      await game.server.setRole(admin.loginId, 'moderator');
      await page.goto(`${game.server.url}/admin`);
      const card = page.getByTestId('report-item').filter({ hasText: 'phone line' });
      await card.waitFor();
      const dismiss = card.getByRole('button', { name: t.actions.dismiss });
      for (const action of ['dismiss', 'mute', 'remove', 'ban'] as const)
        expect(await card.getByRole('button', { name: t.actions[action] }).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoSeriousViolations(page, 'console reports queue on a phone');
      await snap(page, 'console-reports');

      // Buttons work without keys: tap DISMISS, confirm with the prefilled reason, until the queue is empty.
      while ((await page.getByTestId('report-item').count()) > 0) {
        const before = await page.getByTestId('report-item').count();
        await page.getByTestId('report-item').first().getByRole('button', { name: t.actions.dismiss }).tap();
        await page.getByRole('dialog').getByRole('button', { name: t.dialog.confirm }).tap();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        await waitFor(
          async () => (await page.getByTestId('report-item').count()) < before,
          'a report to leave the queue',
        );
      }
      expect(await dismiss.count()).toBe(0);
      await page.getByText(t.empty).waitFor();
    } finally {
      await Promise.all([author.context.close(), reporter.context.close(), context.close()]);
    }
  });

  it("mutes from the queue with one key: the reported author's composer then shows the refusal, and the report is resolved as muted", async () => {
    const author = await newPage(game.browser, desktop);
    const reporter = await newPage(game.browser, desktop);
    const console_ = await newPage(game.browser, desktop);
    try {
      const [b, a, moderator] = [newPlayer(), newPlayer(), newPlayer()];
      await registerViaUi(author.page, game.server.url, b);
      await registerViaUi(reporter.page, game.server.url, a);
      const line = `spam spam ${unique()}`;
      await sendChat(author.page, line);
      const lineId = await reportLine(reporter.page, line, 'spam', '');

      await registerViaUi(console_.page, game.server.url, moderator);
      await game.server.setRole(moderator.loginId, 'moderator');
      const page = console_.page;
      await page.goto(`${game.server.url}/admin`);
      const card = page.getByTestId('report-item').filter({ hasText: line });
      await card.waitFor();
      await card.focus();
      await page.keyboard.press('m');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByLabel(t.dialog.minutes).fill('30');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await page
        .getByRole('status')
        .filter({ hasText: t.resolved(1, 'muted') })
        .waitFor();
      await waitFor(
        async () => (await page.getByTestId('report-item').filter({ hasText: line }).count()) === 0,
        'the muted report to leave the queue',
      );

      // The author, still on the Mainframe, is refused in the server's words.
      const composer = author.page.getByLabel(texts.chat.composer);
      await composer.fill(`more spam ${unique()}`);
      await composer.press('Enter');
      await author.page
        .getByRole('alert')
        .filter({ hasText: /^Error: You are muted until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/ })
        .waitFor();

      await page.getByRole('tab', { name: consoleTexts.tabs.audit }).click();
      await page
        .getByTestId('audit-row')
        .filter({ hasText: 'report-resolve' })
        .filter({ hasText: `chat:${lineId}` })
        .waitFor();
      await page
        .getByTestId('audit-row')
        .filter({ has: page.getByText('mute', { exact: true }) })
        .filter({ hasText: b.username })
        .waitFor();
    } finally {
      await Promise.all([author.context.close(), reporter.context.close(), console_.context.close()]);
    }
  });
});
