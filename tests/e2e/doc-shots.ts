import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { texts } from '../../src/core/texts';

/**
 * Saves the screen as docs/screenshots/<name>.png for the README: toasts dismissed, and the window
 * made as tall as the page for the shot (a full-page capture would paint the fixed top bar and toast
 * region at the scroll position instead of where a player sees them). Restores the window after.
 */
export async function publishShot(page: Page, name: string): Promise<void> {
  const close = page.getByRole('button', { name: texts.shell.dismissNotification });
  while ((await close.count()) > 0) await close.first().click();
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
  mkdirSync('docs/screenshots', { recursive: true });
  await page.screenshot({ path: `docs/screenshots/${name}.png` });
  await page.setViewportSize(viewport);
}
