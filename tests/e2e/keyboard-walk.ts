import type { Locator, Page } from 'playwright-core';
import { snap, waitFor } from './fixtures';

/** Whether the element `locator` finds is the page's document.activeElement. */
export const hasFocus = (locator: Locator) =>
  locator.evaluate((el) => el === document.activeElement).catch(() => false);

/** What has focus, in words for a failure message. */
export const focusedNow = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '<body>';
    return `<${el.tagName.toLowerCase()}> ${el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? el.textContent?.trim().slice(0, 60) ?? ''}`;
  });

/** Waits for focus to reach `locator`; on failure a screenshot and the element that has focus instead. */
export async function expectFocus(page: Page, locator: Locator, what: string): Promise<void> {
  try {
    await waitFor(() => hasFocus(locator), what);
  } catch {
    await snap(page, 'focus-failure', { fullPage: false });
    throw new Error(`focus is not on ${what} but on ${await focusedNow(page)}`);
  }
}

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard player would; never clicks. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached the target (focus is on ${await focusedNow(page)})`);
}
