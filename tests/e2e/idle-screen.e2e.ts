import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import { goViaMenu, phone, signedInPage, useGame, waitForLiveLink } from './fixtures';

/**
 * An idle screen costs the player's device next to nothing (ui.md: effects light and cheap, ADR 086): no
 * endless CSS animation runs, because one would make the browser draw every frame; the cursors and status
 * dots still blink, and the titles still flicker, on one clock that changes the page twice a second.
 */
const game = useGame();

/** The endless animations running on the page: the browser draws a frame per screen refresh while any runs. */
const endlessAnimations = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations === Infinity)
      .map((a) => `${(a as CSSAnimation).animationName} on ${(a.effect as KeyframeEffect).target?.className}`),
  );

/** Waits until the element's computed opacity is `opacity`, checked on every frame. */
const opacityBecomes = (page: Page, selector: string, opacity: string) =>
  page.waitForFunction(
    ([s, o]) => {
      const element = document.querySelector(s!);
      return element !== null && getComputedStyle(element).opacity === o;
    },
    [selector, opacity] as const,
    { polling: 'raf', timeout: 10_000 },
  );

describe('an idle screen', () => {
  it('runs no endless CSS animation on any screen, yet the cursor blinks and the title flickers', async () => {
    const { context, page } = await signedInPage(game);
    await waitForLiveLink(page);
    for (const screen of [null, texts.shell.menu.terminal, texts.shell.menu.kernel, texts.shell.menu.dataExchange]) {
      if (screen) await goViaMenu(page, screen);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await endlessAnimations(page), `on ${screen ?? 'the Mainframe'}`).toEqual([]);
    }

    // The top bar's cursor goes out and comes back.
    await opacityBecomes(page, '.bb-topbar__cursor', '0');
    await opacityBecomes(page, '.bb-topbar__cursor', '1');
    // The title dims when the clock flickers: seen from inside the page, at the moment the clock says so.
    const dimmed = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const root = document.documentElement;
          new MutationObserver((_, observer) => {
            if (!('flicker' in root.dataset)) return;
            observer.disconnect();
            resolve(getComputedStyle(document.querySelector('.bb-screen-header__title')!).opacity);
          }).observe(root, { attributes: true, attributeFilter: ['data-flicker'] });
        }),
    );
    expect(dimmed).toBe('0.6');
    await context.close();
  });

  it('holds still under reduced motion: the clock stops and the cursor stays lit', async () => {
    const { context, page } = await signedInPage(game, phone);
    await opacityBecomes(page, '.bb-topbar__cursor', '0');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.waitForFunction(() => !('blink' in document.documentElement.dataset));
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.bb-topbar__cursor')!).opacity)).toBe(
      '1',
    );
    // And it starts again when the player turns motion back on.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await opacityBecomes(page, '.bb-topbar__cursor', '0');
    await context.close();
  });
});
