import { describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import { fillText } from '../../src/core/texts';
import {
  chatLine,
  expectNoSeriousViolations,
  goViaMenu,
  phone,
  sendChat,
  signedInPage,
  snap,
  twoPlayers,
  unique,
  useGame,
  waitFor,
  waitForLiveLink,
} from './fixtures';

const game = useGame();
const s = texts.safety;
const wide = { width: 1440, height: 900 } as const;

const focusedLabel = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

describe('ignore and report (ADR 056)', () => {
  it('A reports a line of B’s and is thanked; ignores B from the line: B’s lines leave A’s chat, live ones never show; unignore in SETTINGS', async () => {
    const { a, b, close } = await twoPlayers(game.browser, game.server.url, wide);
    const c = await signedInPage(game, wide);
    try {
      for (const p of [a.page, b.page, c.page]) await waitForLiveLink(p);
      const bName = b.player.username;

      const first = `spam from b ${unique()}`;
      await sendChat(b.page, first);
      await chatLine(a.page, first).waitFor();

      // REPORT: ⋮ on the line opens IGNORE / REPORT; the dialog takes a reason and a note.
      await chatLine(a.page, first)
        .getByRole('button', { name: fillText(s.actionsLabel, { name: bName }) })
        .click();
      const reportButton = chatLine(a.page, first).getByRole('button', {
        name: fillText(s.reportLabel, { what: fillText(s.reportWhat.chat, { name: bName }) }),
      });
      await reportButton.click();
      const dialog = a.page.getByRole('dialog', { name: s.reportTitle });
      await dialog.waitFor();
      expect(await dialog.getByRole('button', { name: s.send }).isDisabled()).toBe(true);
      await dialog.getByRole('radio', { name: s.reasons.spam }).check();
      await dialog.getByLabel(s.noteLabel).fill('posts ads every minute');
      await expectNoSeriousViolations(a.page, 'report dialog');
      await snap(a.page, 'report-dialog', { fullPage: false });
      await dialog.getByRole('button', { name: s.send }).click();
      await a.page.getByTestId('toast').filter({ hasText: s.reportThanks }).waitFor();
      await dialog.waitFor({ state: 'detached' });
      // Focus is back on the control that opened the dialog.
      const reportLabel = fillText(s.reportLabel, { what: fillText(s.reportWhat.chat, { name: bName }) });
      await waitFor(async () => (await focusedLabel(a.page)) === reportLabel, 'focus back on REPORT');

      // IGNORE from the same line: every line of B's leaves A's chat at once.
      const toggle = chatLine(a.page, first).getByRole('button', { name: fillText(s.actionsLabel, { name: bName }) });
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await chatLine(a.page, first)
        .getByRole('button', { name: fillText(s.ignoreLabel, { name: bName }) })
        .click();
      await chatLine(a.page, first).waitFor({ state: 'detached' });
      await a.page
        .getByTestId('toast')
        .filter({ hasText: fillText(s.ignored, { name: bName }) })
        .waitFor();
      await waitFor(async () => (await focusedLabel(a.page)) === texts.chat.log, 'focus on the chat log');

      // A new line from B is pushed to every socket; A's tab drops it. C's line after it is the barrier:
      // when A shows C's line, B's (published before it on the same bus) has already arrived.
      const second = `more from b ${unique()}`;
      await sendChat(b.page, second);
      await chatLine(c.page, second).waitFor();
      const barrier = `c says hi ${unique()}`;
      await sendChat(c.page, barrier);
      await chatLine(a.page, barrier).waitFor();
      expect(await chatLine(a.page, second).count()).toBe(0);
      expect(await chatLine(c.page, first).count()).toBe(1);
      // After a reload the server's history leaves B out too.
      await a.page.reload();
      await chatLine(a.page, barrier).waitFor();
      expect(await chatLine(a.page, first).count()).toBe(0);

      // SETTINGS → IGNORED PLAYERS lists B; UNIGNORE with an undo toast.
      await goViaMenu(a.page, texts.shell.menu.settings);
      const list = a.page.getByTestId('ignored-players');
      await list.getByText(bName, { exact: true }).waitFor();
      await expectNoSeriousViolations(a.page, 'settings with the ignore list');
      await snap(a.page, 'ignore-list');
      await a.page.setViewportSize(phone);
      await snap(a.page, 'ignore-list');
      await a.page.setViewportSize(wide);
      await list.getByRole('button', { name: `${s.unignore} ${bName}` }).click();
      await list.getByText(s.ignoredEmpty).waitFor();
      await waitFor(
        async () =>
          (await a.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))) === 'ignored-players',
        'focus on the list',
      );
      const toast = a.page.getByTestId('toast').filter({ hasText: fillText(s.unignored, { name: bName }) });
      await toast.getByRole('button', { name: s.undo }).click();
      await list.getByText(bName, { exact: true }).waitFor();

      // The report dialog on a phone, from C's line on the CHAT tab.
      await goViaMenu(a.page, texts.shell.menu.mainframe);
      await a.page.setViewportSize(phone);
      await a.page.getByRole('tab', { name: texts.mainframe.chatTab }).click();
      const cName = c.player.username;
      await chatLine(a.page, barrier)
        .getByRole('button', { name: fillText(s.actionsLabel, { name: cName }) })
        .click();
      await chatLine(a.page, barrier)
        .getByRole('button', { name: fillText(s.reportLabel, { what: fillText(s.reportWhat.chat, { name: cName }) }) })
        .click();
      await dialog.waitFor();
      await snap(a.page, 'report-dialog', { fullPage: false });
      await expectNoSeriousViolations(a.page, 'report dialog on a phone');
      await a.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await close();
      await c.context.close();
    }
  });
});
