import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bitPrice } from '../../src/core/rules/kernel';
import { fillText, texts } from '../../src/core/texts';
import { buildApp } from '../../src/server/app';
import { createGrantService } from '../../src/server/features/grant/service';
import { testConfig } from '../support/config';
import { freshDatabase, type TestDatabase } from '../support/db';
import {
  desktop,
  expectNoSeriousViolations,
  launchBrowser,
  newPage,
  newPlayer,
  phone,
  registerViaUi,
  snap,
  waitFor,
  type Player,
} from './fixtures';

const k = texts.kernel;

/** The game on a real port with a handle on its database, so players can be given Telnet. */
const game = {} as {
  url: string;
  db: TestDatabase;
  close(): Promise<void>;
  browser: Awaited<ReturnType<typeof launchBrowser>>;
};
beforeAll(async () => {
  const db = await freshDatabase('pglite');
  const app = await buildApp({
    config: testConfig({ staticDir: resolve('dist/client'), accountsPerIp: 0 }),
    database: db.database,
  });
  game.url = (await app.fastify.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  game.db = db;
  game.close = async () => {
    await app.close();
    await db.dispose();
  };
  game.browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await game.browser?.close();
  await game.close?.();
});

const grantTelnet = (p: Player, telnet: number) =>
  createGrantService({ database: game.db.database }).grant({ loginId: p.loginId, telnet });

async function openKernel(page: Page) {
  await page.goto(`${game.url}/kernel`);
  await page.getByRole('heading', { level: 1, name: k.title }).waitFor();
  await waitFor(async () => (await page.locator('.bb-kernel__loading').count()) === 0, 'the snapshot to load');
}

/** Centres the canvas on a bit at a zoom (through the canvas's own handle), so a test knows what is under the centre. */
async function centreOn(page: Page, x: number, y: number, zoom: number) {
  await page.evaluate(
    ([x, y, zoom]) =>
      (
        window as unknown as { __kernelView: { centreOn(x: number, y: number, z: number): void } }
      ).__kernelView.centreOn(x!, y!, zoom!),
    [x, y, zoom],
  );
}

/** The colour the visible canvas shows at its centre, read from the canvas's pixels (not the DOM). */
async function centrePixel(page: Page): Promise<[number, number, number]> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="kernel-canvas"]')!;
    const d = canvas
      .getContext('2d')!
      .getImageData(Math.floor(canvas.width / 2), Math.floor(canvas.height / 2), 1, 1).data;
    return [d[0]!, d[1]!, d[2]!] as [number, number, number];
  });
}

async function doubleClickCentre(page: Page) {
  const box = (await page.getByTestId('kernel-canvas').boundingBox())!;
  await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2);
}

const zoomLabel = (page: Page) => page.getByTestId('kernel-zoom').textContent();

describe('the Kernel', () => {
  it("A buys a bit and B's open canvas shows A's colour at that pixel without a reload; the colour picker opens first", async () => {
    const a = { ...(await newPage(game.browser, desktop)), player: newPlayer() };
    const b = { ...(await newPage(game.browser, desktop)), player: newPlayer() };
    await registerViaUi(a.page, game.url, a.player);
    await registerViaUi(b.page, game.url, b.player);
    await grantTelnet(a.player, 100);
    await openKernel(a.page);
    await openKernel(b.page);
    const bit = { x: 321, y: 123 };
    await centreOn(a.page, bit.x, bit.y, 20);
    await centreOn(b.page, bit.x, bit.y, 20);
    const before = await centrePixel(b.page);

    // A new player has no colour: the picker opens first, keyboard-operable.
    await doubleClickCentre(a.page);
    const picker = a.page.getByRole('dialog', { name: k.colorTitle });
    await picker.waitFor();
    await snap(a.page, 'kernel-color-picker', { fullPage: false });
    await picker.getByRole('slider', { name: k.red }).focus();
    await a.page.keyboard.press('End');
    await picker.getByRole('slider', { name: k.green }).focus();
    await a.page.keyboard.press('Home');
    await picker.getByRole('slider', { name: k.blue }).focus();
    await a.page.keyboard.press('Home');
    for (let i = 0; i < 3; i++) await a.page.keyboard.press('ArrowRight');
    await picker.getByRole('button', { name: k.saveColor }).click();

    // Then the purchase confirmation with the price.
    const confirm = a.page.getByRole('dialog', { name: k.confirmTitle });
    await confirm.getByText(fillText(k.confirmBody, { ...bit, price: bitPrice(bit.x, bit.y) })).waitFor();
    await snap(a.page, 'kernel-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: k.confirm }).click();
    await a.page
      .getByTestId('toast')
      .getByText(fillText(k.bought, { ...bit, price: bitPrice(bit.x, bit.y) }))
      .waitFor();
    // Pushed, not reloaded: B's canvas paints A's colour from grid_update (how fast is the Kernel fan-out bench's figure).
    // A bound, not a speed target: each canvas repaints on its next animation frame, late on a loaded machine.
    await waitFor(async () => (await centrePixel(b.page)).join() === '255,0,3', "A's colour on B's canvas", 10_000);
    expect(before.join()).not.toBe('255,0,3');
    await waitFor(async () => (await centrePixel(a.page)).join() === '255,0,3', "A's colour on A's own canvas", 10_000);
    expect(await b.page.getByTestId('kernel-claimed').textContent()).toBe('1');

    // B hovers it: coordinates, price and owner; B double-clicks it: Bit Owned.
    const box = (await b.page.getByTestId('kernel-canvas').boundingBox())!;
    await b.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await b.page
      .getByTestId('kernel-hover')
      .getByText(fillText(k.hoverOwner, { name: a.player.username }))
      .waitFor();
    await grantTelnet(b.player, 50);
    await doubleClickCentre(b.page);
    // B has no colour yet: the picker first, then the look-up finds the bit taken.
    await b.page.getByRole('dialog', { name: k.colorTitle }).getByRole('button', { name: k.saveColor }).click();
    const toast = b.page.getByTestId('toast');
    await toast.getByText(k.bitOwnedTitle, { exact: true }).waitFor();
    await toast.getByText(fillText(k.bitOwnedBody, { name: a.player.username })).waitFor();
    await snap(b.page, 'kernel-desktop');
    await expectNoSeriousViolations(b.page, 'kernel');
    await Promise.all([a.context.close(), b.context.close()]);
  });

  it('zoom buttons, the wheel and the keyboard move the zoom label within 0.1×–30×', async () => {
    const { context, page } = await newPage(game.browser, desktop);
    await registerViaUi(page, game.url, newPlayer());
    await openKernel(page);
    const zoomIn = page.getByRole('button', { name: k.zoomIn });
    const zoomOut = page.getByRole('button', { name: k.zoomOut });
    for (let i = 0; i < 20 && (await zoomIn.isEnabled()); i++) await zoomIn.click();
    expect(await zoomLabel(page)).toBe('30×');
    expect(await zoomIn.isDisabled()).toBe(true);
    for (let i = 0; i < 20 && (await zoomOut.isEnabled()); i++) await zoomOut.click();
    expect(await zoomLabel(page)).toBe('0.10×');

    const box = (await page.getByTestId('kernel-canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -300);
    await waitFor(async () => (await zoomLabel(page)) !== '0.10×', 'the wheel to zoom in');
    for (let i = 0; i < 30; i++) await page.mouse.wheel(0, -500);
    await waitFor(async () => (await zoomLabel(page)) === '30×', 'the wheel to stop at 30×');

    // Keyboard only: focus the canvas, − zooms out, arrows move the bit under the cursor.
    await page.getByTestId('kernel-canvas').focus();
    await page.keyboard.press('-');
    await waitFor(async () => (await zoomLabel(page)) !== '30×', 'the − key to zoom out');
    const hover = page.getByTestId('kernel-hover');
    const first = await hover.locator('.bb-kernel__coords').textContent();
    await page.keyboard.press('ArrowRight');
    await waitFor(
      async () => (await hover.locator('.bb-kernel__coords').textContent()) !== first,
      'the arrow key to pan',
    );
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: k.colorTitle }).waitFor();
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('works on a 390×844 phone', async () => {
    const { context, page } = await newPage(game.browser, phone);
    const player = newPlayer();
    await registerViaUi(page, game.url, player);
    await openKernel(page);
    const box = (await page.getByTestId('kernel-canvas').boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: k.zoomIn }).click();
    await snap(page, 'kernel-phone');
    await expectNoSeriousViolations(page, 'kernel on a phone');
    await context.close();
  });
});
