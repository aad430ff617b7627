import { describe, expect, it } from 'vitest';
import { consoleTexts } from '../../src/core/texts/console';
import { texts } from '../../src/core/texts';
import { desktop, expectNoSeriousViolations, openSystemMenu, phone, signedInPage, snap, useGame } from './fixtures';

const game = useGame();

describe('the moderator console', () => {
  it('shows a player the 404 screen at /admin and nothing of the console in the SYSTEM menu', async () => {
    const { context, page } = await signedInPage(game, desktop);
    try {
      await openSystemMenu(page);
      const menuText = await page.getByRole('navigation').allInnerTexts();
      expect(menuText.join(' ')).not.toContain(consoleTexts.title);
      await page.goto(`${game.server.url}/admin`);
      await page.getByRole('heading', { level: 1, name: texts.notFoundTitle }).waitFor();
      expect(await page.getByRole('tab', { name: consoleTexts.tabs.audit }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('opens for an admin, keyboard-first, and its audit log shows the role the shell gave', async () => {
    const { context, page, player: admin } = await signedInPage(game, desktop);
    try {
      await game.server.setRole(admin.loginId, 'admin');
      await page.goto(`${game.server.url}/admin`);
      await page.getByRole('heading', { level: 1, name: consoleTexts.title }).waitFor();
      const reports = page.getByRole('tab', { name: consoleTexts.tabs.reports });
      await reports.focus();
      await page.keyboard.press('ArrowLeft');
      const audit = page.getByRole('tab', { name: consoleTexts.tabs.audit });
      expect(await audit.getAttribute('aria-selected')).toBe('true');
      expect(await audit.evaluate((el) => el === document.activeElement)).toBe(true);
      const row = page.getByTestId('audit-row').filter({ hasText: 'cli:role' }).filter({ hasText: admin.username });
      await row.waitFor();
      expect(await row.innerText()).toContain('role-set');
      await expectNoSeriousViolations(page, 'console audit log');
      await snap(page, 'console-audit');
      await page.setViewportSize(phone);
      await snap(page, 'console-audit');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
