import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bitPrice } from '../../src/core/rules/kernel';
import { fillText, texts } from '../../src/core/texts';
import { desktop, expectNoSeriousViolations, phone, signedInPage, snap, useGame, waitFor } from './fixtures';

const k = texts.kernel;
const wide = { width: 1440, height: 900 } as const;

/** ADR 066: a Kernel where the player sees the bit they bought, can share a spot and find their bits again. */
const game = useGame();

async function openKernel(page: Page, query = '') {
  await page.goto(`${game.server.url}/kernel${query}`);
  await page.getByRole('heading', { level: 1, name: k.title }).waitFor();
  await waitFor(async () => (await page.locator('.bb-kernel__loading').count()) === 0, 'the snapshot to load');
}

type Handle = {
  zoom: number;
  current(): { x: number; y: number; zoom: number };
  screenPointOf(x: number, y: number): { x: number; y: number };
};
const viewState = (page: Page) =>
  page.evaluate(() => (window as unknown as { __kernelView: Handle }).__kernelView.current());
const zoomNow = (page: Page) => page.evaluate(() => (window as unknown as { __kernelView: Handle }).__kernelView.zoom);
const pointOf = async (page: Page, x: number, y: number) => {
  const box = (await page.getByTestId('kernel-canvas').boundingBox())!;
  const p = await page.evaluate(
    ([x, y]) => (window as unknown as { __kernelView: Handle }).__kernelView.screenPointOf(x!, y!),
    [x, y],
  );
  return { x: box.x + p.x, y: box.y + p.y };
};
const query = (page: Page) => new URL(page.url()).searchParams;

describe('a Kernel you can see', () => {
  it(
    'opens at ≥ 4 px a bit; buying by keyboard returns focus to the canvas, outlines ' +
      'the bit, counts YOUR BITS; reopening lands on it; the URL shares the spot',
    async () => {
      const { context, page } = await signedInPage(game, wide, { telnet: 100 });
      await openKernel(page);
      expect(await zoomNow(page)).toBeGreaterThanOrEqual(4);
      expect(await page.getByTestId('kernel-my-count').textContent()).toBe('0');
      await expect(page.getByTestId('kernel-my-bits').isDisabled()).resolves.toBe(true);
      // The view lands in the address bar once it settles, as a replace, not a history entry per move.
      await waitFor(async () => query(page).get('x') === '400', 'the view in the URL');
      const historyLength = await page.evaluate(() => history.length);

      // Keyboard only: focus the canvas, pan once, Enter: the colour picker, a preset, then the purchase.
      await page.getByTestId('kernel-canvas').focus();
      await page.keyboard.press('ArrowRight');
      const bit = await viewState(page);
      await page.keyboard.press('Enter');
      const picker = page.getByRole('dialog', { name: k.colorTitle });
      await picker.getByRole('group', { name: k.presetsLabel }).getByRole('button', { name: 'AMBER' }).click();
      await snap(page, 'kernel-palette', { fullPage: false });
      await picker.getByRole('button', { name: k.saveColor }).click();
      const confirm = page.getByRole('dialog', { name: k.confirmTitle });
      await confirm.getByText(fillText(k.confirmBody, { x: bit.x, y: bit.y, price: bitPrice(bit.x, bit.y) })).waitFor();
      await page.keyboard.press('Enter');
      await page
        .getByTestId('toast')
        .getByText(fillText(k.bought, { x: bit.x, y: bit.y, price: bitPrice(bit.x, bit.y) }))
        .waitFor();
      await waitFor(
        () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'kernel-canvas'),
        'focus back on the canvas',
      );
      expect(await page.getByTestId('kernel-my-count').textContent()).toBe('1');
      expect(await page.getByTestId('kernel-claimed').textContent()).toBe('1');
      await page.getByText(k.bitsClaimedAll).waitFor();
      expect(await page.evaluate(() => history.length)).toBe(historyLength);
      await waitFor(async () => query(page).get('x') === String(bit.x), 'the moved view in the URL');
      await snap(page, 'kernel-bought');

      // Somewhere else, then MY BITS brings the bit back to the centre.
      await page.getByTestId('kernel-minimap').click({ position: { x: 10, y: 10 } });
      await waitFor(async () => (await viewState(page)).x < 100, 'the minimap to jump');
      await page.getByTestId('kernel-my-bits').click();
      await waitFor(
        async () => (await viewState(page)).x === bit.x && (await viewState(page)).y === bit.y,
        'MY BITS to centre the bit',
      );

      // A fresh visit opens on the player's bit; a shared URL opens where it says, clamped.
      await openKernel(page);
      await waitFor(async () => (await viewState(page)).x === bit.x, 'the Kernel to open on my bit');
      await openKernel(page, '?x=120&y=650&zoom=11.390625');
      expect(await viewState(page)).toEqual({ x: 120, y: 650, zoom: 11.390625 });
      await openKernel(page, '?x=-5&y=99999&zoom=9000');
      expect(await viewState(page)).toMatchObject({ x: 0, y: 799, zoom: 30 });
      await openKernel(page, '?x=abc&y=1');
      await waitFor(async () => (await viewState(page)).x === bit.x, 'a bad spot to fall back to my bit');
      await expectNoSeriousViolations(page, 'kernel');
      await context.close();
    },
  );

  it('on a phone the info line shows the bit that was tapped, and the view opens at ≥ 4 px a bit', async () => {
    const { context, page } = await signedInPage(game, phone);
    await openKernel(page, '?x=200&y=300&zoom=11.390625');
    expect(await page.getByTestId('kernel-minimap').isVisible()).toBe(false);
    await page.getByTestId('kernel-canvas').scrollIntoViewIfNeeded();
    const target = { x: 203, y: 298 };
    const p = await pointOf(page, target.x, target.y);
    await page.touchscreen.tap(p.x, p.y);
    await page
      .getByTestId('kernel-hover')
      .locator('.bb-kernel__coords')
      .getByText(`(${target.x}, ${target.y})`)
      .waitFor();
    // A second tap elsewhere (too far away to be a double-tap) moves the info line with it.
    const q = await pointOf(page, 196, 305);
    await page.touchscreen.tap(q.x, q.y);
    await page.getByTestId('kernel-hover').locator('.bb-kernel__coords').getByText('(196, 305)').waitFor();
    await openKernel(page);
    expect(await zoomNow(page)).toBeGreaterThanOrEqual(4);
    await snap(page, 'kernel-phone-tap');
    await expectNoSeriousViolations(page, 'kernel on a phone');
    await context.close();
  });

  it('at 1280 the minimap shows', async () => {
    const { context, page } = await signedInPage(game, desktop);
    await openKernel(page);
    expect(await page.getByTestId('kernel-minimap').isVisible()).toBe(true);
    await context.close();
  });
});
