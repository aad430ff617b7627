import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { missionTexts } from '../../src/core/rules/missions';
import { texts } from '../../src/core/texts';
import {
  expectNoSeriousViolations,
  phone,
  sendChat,
  signedInPage,
  snap,
  unique,
  useGame,
  waitFor,
  waitForLiveLink,
} from './fixtures';

const game = useGame();

const logButton = (page: Page) => page.getByRole('button', { name: /^Activity log/ });
const badge = (page: Page) => page.getByTestId('activity-badge');

// ADR 064: what happened to the player while away, from the header, read once.
describe('activity log (while you were away)', () => {
  for (const [size, viewport] of [
    ['1440', { width: 1440, height: 900 }],
    ['390', phone],
  ] as const) {
    it(`shows a mission reward with a badge, reads it once and clears (${size} px)`, async () => {
      const { context, page } = await signedInPage(game, viewport);
      await waitForLiveLink(page);
      await logButton(page).waitFor();
      expect(await badge(page).count()).toBe(0);

      // The first chat line earns a mission: its reward is activity, and the badge counts it.
      if (viewport === phone) await page.getByRole('tab', { name: texts.mainframe.chatTab }).click();
      await sendChat(page, `hello grid ${unique()}`);
      await badge(page).waitFor();
      expect(await badge(page).textContent()).toBe('1');
      expect(await logButton(page).getAttribute('aria-label')).toBe(texts.activity.buttonLabel(1));
      await snap(page, `activity-badge-${size}`, { fullPage: false });

      await logButton(page).click();
      const dialog = page.getByRole('dialog', { name: texts.activity.title });
      await dialog.getByText(texts.activity.kinds['mission-reward']).waitFor();
      // It names the mission the chat line completed.
      expect(await dialog.locator('.bb-activity__what').first().textContent()).toContain(
        missionTexts.send_global_chat.title,
      );
      await waitFor(async () => (await badge(page).count()) === 0, 'the badge to clear once the log is read');
      await expectNoSeriousViolations(page, `activity dialog ${size}`);
      await snap(page, `activity-log-${size}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await waitFor(() => logButton(page).evaluate((el) => el === document.activeElement), 'focus back on LOG');

      // Read once: opening it again (after a reload) shows nothing new.
      await page.reload();
      await logButton(page).click();
      await page.getByRole('dialog', { name: texts.activity.title }).getByText(texts.activity.empty).waitFor();
      expect(await badge(page).count()).toBe(0);
      await context.close();
    });
  }
});
