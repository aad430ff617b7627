import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillText, texts } from '../../src/core/texts';
import { runTransaction } from '../../src/server/idempotency';
import { startTestServer } from '../support/server';
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
} from './fixtures';

const k = texts.kernel;

const game = {} as {
  server: Awaited<ReturnType<typeof startTestServer>>;
  url: string;
  browser: Awaited<ReturnType<typeof launchBrowser>>;
};
beforeAll(async () => {
  game.server = await startTestServer();
  game.url = game.server.url.replace(/\/$/, '');
  game.browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await game.browser?.close();
  await game.server?.close();
});

/** The colour the visible canvas shows at its centre, read from the canvas's pixels. */
async function centrePixel(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="kernel-canvas"]')!;
    return [
      ...canvas
        .getContext('2d')!
        .getImageData(Math.floor(canvas.width / 2), Math.floor(canvas.height / 2), 1, 1)
        .data.slice(0, 3),
    ];
  });
}

describe('Kernel seasons', () => {
  it('after a season change the Kernel is empty again and the archive lists the season with its image and top painter (desktop and 390 px)', async () => {
    const { page } = await newPage(game.browser, desktop);
    const player = newPlayer();
    await registerViaUi(page, game.url, player);
    const q = game.server.database.query.bind(game.server.database);
    const [me] = await q<{ id: number }>('SELECT id FROM users WHERE login_id = $1', [player.loginId]);
    // Three bits painted red this season (bought through the API elsewhere; here straight into the tables).
    await q(
      'INSERT INTO kernel_bits (x, y, owner_id, color_r, color_g, color_b, price, version, ' +
        'claimed_at) SELECT 399 + i, 400, $1, 255, 0, 0, 20, i, now() FROM generate_series(1, 3) AS i',
      [me!.id],
    );
    await q('UPDATE kernel_state SET version = 3');

    await page.goto(`${game.url}/kernel`);
    await page.getByRole('heading', { level: 1, name: k.title }).waitFor();
    await waitFor(async () => (await page.locator('.bb-kernel__loading').count()) === 0, 'the snapshot to load');
    await page.evaluate(() =>
      (
        window as unknown as { __kernelView: { centreOn(x: number, y: number, z: number): void } }
      ).__kernelView.centreOn(401, 400, 20),
    );
    await waitFor(async () => (await centrePixel(page))[0] === 255, 'the red bit on the canvas');
    await expect.poll(() => page.getByTestId('kernel-season').textContent()).toBe('1');

    // The operator's way in: the same service the jobs runner calls.
    const change = await runTransaction(game.server.database, (tx, afterCommit) =>
      game.server.app.services.kernel.seasons.endSeason(
        tx,
        { season: 1, nowMs: Date.now(), byOperator: true },
        afterCommit,
      ),
    );
    expect(change?.ended).toBe(1);
    await waitFor(async () => (await centrePixel(page))[0] !== 255, 'the canvas to be empty again');
    await expect.poll(() => page.getByTestId('kernel-season').textContent()).toBe('2');
    expect(await page.getByTestId('kernel-claimed').textContent()).toBe('0');
    await snap(page, 'kernel-season');

    // Keyboard: the ARCHIVE link from the Kernel screen.
    await page.getByRole('link', { name: k.archiveLink }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: k.archiveTitle }).waitFor();
    const season = page.getByTestId('archive-season');
    await season.getByRole('heading', { name: fillText(k.archiveSeason, { n: 1 }) }).waitFor();
    expect(await season.getByRole('listitem').first().textContent()).toContain(player.username);
    const image = season.getByRole('img', { name: fillText(k.archiveImageAlt, { n: 1 }) });
    await waitFor(
      () => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 800),
      'the archived image to load',
    );
    await expectNoSeriousViolations(page, 'kernel archive');
    await snap(page, 'kernel-archive');

    const small = await newPage(game.browser, phone);
    await small.context.addCookies(await page.context().cookies());
    await small.page.goto(`${game.url}/kernel/archive`);
    await small.page.getByTestId('archive-season').waitFor();
    expect(await small.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await snap(small.page, 'kernel-archive');
  });
});
