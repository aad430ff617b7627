import { describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import {
  expectNoSeriousViolations,
  goViaMenu,
  newPage,
  newPlayer,
  phone,
  registerViaUi,
  snap,
  useGame,
} from './fixtures';

const game = useGame();
const t = texts.apiKeys;
const wide = { width: 1440, height: 900 } as const;

/** Reads the leaderboard with the key, as a player's tool would (the page's cookie is ignored for a key). */
const readWithKey = (page: import('playwright-core').Page, key: string) =>
  page.evaluate(
    async (k) => (await fetch('/api/leaderboard', { headers: { authorization: `Bearer ${k}` } })).status,
    key,
  );

describe('settings: personal API keys', () => {
  for (const viewport of [wide, phone]) {
    it(`creates a key shown once, lists it by prefix, and revokes it, by keyboard [${viewport.width}]`, async () => {
      const { context, page } = await newPage(game.browser, viewport);
      try {
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: game.server.url });
        await registerViaUi(page, game.server.url, newPlayer());
        await goViaMenu(page, texts.shell.menu.settings);

        await page.getByRole('heading', { name: t.title }).scrollIntoViewIfNeeded();
        await expect.poll(() => page.getByText(t.none).isVisible()).toBe(true);

        // Keyboard: name, then Tab into the scopes and Space to add boss status, Enter sends.
        const name = page.getByLabel(t.nameLabel, { exact: true });
        await name.focus();
        await page.keyboard.type('my board bot');
        await page.getByLabel(t.scopeNames.boss, { exact: true }).focus();
        await page.keyboard.press('Space');
        expect(await page.getByLabel(t.scopeNames.boss, { exact: true }).isChecked()).toBe(true);
        await name.focus();
        await page.keyboard.press('Enter');

        const secret = page.getByTestId('new-api-key');
        await secret.waitFor();
        const key = (await secret.textContent())!.trim();
        expect(key).toMatch(/^bbk_[A-Za-z0-9_-]{43}$/);
        await page.getByText(t.shownOnce).waitFor();
        // COPY has the focus: Enter copies the key.
        expect(
          await page.getByRole('button', { name: t.copy, exact: true }).evaluate((el) => el === document.activeElement),
        ).toBe(true);
        await page.keyboard.press('Enter');
        await page.getByRole('button', { name: t.copied, exact: true }).waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
        expect(await readWithKey(page, key)).toBe(200);
        await expectNoSeriousViolations(page, 'settings api keys (new key shown)');
        await snap(page, `api-keys-shown-once`);

        // DONE: the key is gone from the page for good; the list shows its name and prefix only.
        await page.getByRole('button', { name: t.done, exact: true }).click();
        await secret.waitFor({ state: 'detached' });
        await page.reload();
        const list = page.getByTestId('api-keys');
        await list.getByText('my board bot').waitFor();
        await list.getByText(`bbk_${key.slice(4, 12)}…`).waitFor();
        expect(await page.content()).not.toContain(key.slice(12));
        await expectNoSeriousViolations(page, 'settings api keys (listed)');
        await page.getByRole('heading', { name: t.title }).scrollIntoViewIfNeeded();
        await snap(page, `api-keys-listed`);

        const revoke = page.getByRole('button', { name: `Revoke key my board bot` });
        await revoke.focus();
        await page.keyboard.press('Enter');
        await list.getByText(t.none).waitFor();
        expect(await readWithKey(page, key)).toBe(401);
      } finally {
        await context.close();
      }
    });
  }
});
