import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { texts } from '../../src/core/texts';
import {
  currentRow,
  decodeRowWithButtons,
  decodeRowWithKeyboard,
  desktop,
  goViaMenu,
  loginViaUi,
  newPage,
  newPlayer,
  openSystemMenu,
  phone,
  registerViaUi,
  seriousAxeViolations,
  sendChat,
  signedInPage,
  snap,
  useGame,
  waitFor,
  waitForLiveLink,
} from './fixtures';

// The dead ends a new player hit in their first five minutes.
const game = useGame();

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The texts a field's aria-describedby points at, in order. */
async function descriptionOf(input: Locator): Promise<string> {
  return input.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );
}

async function focusedHeading(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el instanceof HTMLHeadingElement && el.tagName === 'H1' ? (el.textContent ?? '') : null;
  });
}

const waitForFocusedHeading = (page: Page, name: string) =>
  waitFor(async () => (await focusedHeading(page)) === name, `focus on the '${name}' heading`);

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

type LevelUpLayout = {
  banner: Box;
  row: Box;
  panel: Box;
  queued: Box[];
  title: { height: number; lineHeight: number; text: string };
};
/** Runs in the page: null until the banner is fully in, then every box the layout test checks, at once. */
function measureLevelUp(): LevelUpLayout | null {
  const banner = document.querySelector('[data-testid="level-up-banner"]');
  if (!banner || getComputedStyle(banner).opacity !== '1') return null;
  const box = (el: Element | null) => {
    const r = (el as Element).getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  };
  const title = banner.querySelector('.bb-levelup__title') as Element;
  return {
    banner: box(banner),
    row: box(document.querySelector('.bb-row--current')),
    panel: box(document.querySelector('[data-testid="binary-panel"]')),
    queued: [...document.querySelectorAll('[data-row]')].map(box),
    title: {
      height: title.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(title).lineHeight),
      text: title.textContent ?? '',
    },
  };
}

const wide = { width: 1440, height: 900 } as const;

describe("the newcomer's dead ends (item 7)", () => {
  it("(b) answers a login ID 'a' and a username 'x' with their own rules, under each field", async () => {
    for (const viewport of [desktop, phone]) {
      const { context, page } = await newPage(game.browser, viewport);
      await page.goto(`${game.server.url}/`);
      await page.getByRole('tab', { name: texts.auth.registerTab }).click();
      const loginId = field(page, texts.auth.loginIdLabel);
      const username = field(page, texts.auth.usernameLabel);
      await loginId.fill('a');
      // Not while the player is still typing a too-short value: after they leave the field.
      expect(await loginId.getAttribute('aria-invalid')).toBeNull();
      await username.focus();
      await waitFor(
        async () => (await loginId.getAttribute('aria-invalid')) === 'true',
        'LOGIN_ID to be marked invalid',
      );
      expect(await descriptionOf(loginId)).toContain(texts.fieldLoginIdLength);
      await username.fill('x');
      await field(page, texts.auth.passwordLabel).focus();
      await waitFor(
        async () => (await username.getAttribute('aria-invalid')) === 'true',
        'USERNAME to be marked invalid',
      );
      expect(await descriptionOf(username)).toContain(texts.fieldUsernameLength);
      for (const input of [loginId, username]) expect(await descriptionOf(input)).not.toContain('Password');
      expect(await page.getByText(texts.registerFailedGeneric).count()).toBe(0);
      expect(await field(page, texts.auth.passwordLabel).getAttribute('aria-invalid')).toBeNull();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await snap(page, 'auth-field-errors', { fullPage: false });

      // Fixing the value clears the message as the player types.
      await loginId.fill('neo');
      await waitFor(async () => (await loginId.getAttribute('aria-invalid')) === null, 'LOGIN_ID to be valid again');
      expect(await descriptionOf(loginId)).not.toContain(texts.fieldLoginIdLength);
      await context.close();
    }
  });

  it('(c) refuses a pasted 16-character password with the rule instead of cutting it to 14; no account is made', async () => {
    const { context, page } = await newPage(game.browser, desktop);
    const player = newPlayer();
    const long = 'Jack1n!pass12345';
    let registerCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/register')) registerCalls += 1;
    });
    await page.goto(`${game.server.url}/`);
    await page.getByRole('tab', { name: texts.auth.registerTab }).click();
    await field(page, texts.auth.loginIdLabel).fill(player.loginId);
    await field(page, texts.auth.usernameLabel).fill(player.username);
    // insertText is what a paste or a password manager does: an edit the browser's maxlength would cut.
    for (const label of [texts.auth.passwordLabel, texts.auth.confirmPasswordLabel]) {
      await field(page, label).focus();
      await page.keyboard.insertText(long);
      expect(await field(page, label).inputValue()).toBe(long);
    }
    const password = field(page, texts.auth.passwordLabel);
    await waitFor(
      async () => (await password.getAttribute('aria-invalid')) === 'true',
      'PASSWORD to be marked invalid',
    );
    expect(await descriptionOf(password)).toContain(texts.fieldPasswordLength);
    await page.getByRole('button', { name: texts.auth.initialize }).click();
    await waitFor(() => password.evaluate((el) => el === document.activeElement), 'focus on the refused field');
    expect(registerCalls).toBe(0);

    // Nothing was created under the first 14 characters either: that login is refused.
    await page.getByRole('tab', { name: texts.auth.loginTab }).click();
    await field(page, texts.auth.loginIdLabel).fill(player.loginId);
    await field(page, texts.auth.passwordLabel).fill(long.slice(0, 14));
    await page.getByRole('button', { name: texts.auth.connect }).click();
    await page.getByRole('alert').filter({ hasText: texts.invalidLogin }).waitFor();
    expect(registerCalls).toBe(0);
    await context.close();
  });

  it('(e) anchors LEVEL UP to the decoder, clear of the row being typed and every queued row, on one line at 390 px', async () => {
    for (const viewport of [wide, phone]) {
      const { context, page } = await signedInPage(game, viewport);
      const decode = viewport === wide ? decodeRowWithKeyboard : decodeRowWithButtons;
      // Level 1 needs 10 decodes (spec §4).
      for (let i = 0; i < 10; i++) await decode(page);
      // Measured in one task of the page, while the banner is at full size and opacity (12–85 % of its
      // 2 s, spec §4): measured step by step from here, a loaded machine let it go between two steps.
      const measured = await page.waitForFunction(measureLevelUp, undefined, { polling: 'raf' });
      const {
        banner: bannerBox,
        row: rowBox,
        panel: panelBox,
        queued,
        title,
      } = (await measured.jsonValue()) as LevelUpLayout;
      expect(intersects(bannerBox, rowBox), `banner ${JSON.stringify(bannerBox)} row ${JSON.stringify(rowBox)}`).toBe(
        false,
      );
      // Nor over a queued row (05–08 were covered once): the player reads ahead while typing.
      expect(queued.length).toBeGreaterThan(0);
      for (const box of queued) {
        expect(
          intersects(bannerBox, box),
          `banner ${JSON.stringify(bannerBox)} queued row ${JSON.stringify(box)}`,
        ).toBe(false);
      }
      // Inside the decoder, not floating over the page.
      expect(bannerBox.y).toBeGreaterThanOrEqual(panelBox.y);
      expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(panelBox.y + panelBox.height);
      expect(bannerBox.x).toBeGreaterThanOrEqual(panelBox.x);
      expect(bannerBox.x + bannerBox.width).toBeLessThanOrEqual(panelBox.x + panelBox.width + 0.5);
      // 'LEVEL UP' on one line: its box is one line tall.
      expect(title.text).toBe(texts.mainframe.levelUpTitle);
      expect(title.height).toBeLessThan(title.lineHeight * 1.5);
      await page.screenshot({ path: `test-results/screenshots/level-up-${viewport.width}x${viewport.height}.png` });
      await context.close();
    }
  });

  it('(f) axe finds no label-content-name-mismatch and no colour-contrast problem on the Mainframe', async () => {
    for (const viewport of [desktop, phone]) {
      const { context, page } = await signedInPage(game, viewport);
      if (viewport === phone) await page.getByRole('button', { name: texts.mainframe.stats.show, exact: true }).click();
      // label-content-name-mismatch is one of axe's experimental rules: it only runs when asked for.
      const results = await new AxeBuilder({ page })
        .withRules(['label-content-name-mismatch', 'color-contrast'])
        .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
        .analyze();
      const found = results.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
      expect(found).toEqual([]);
      // The SYNC button is named by what it shows.
      expect(await page.getByRole('button', { name: texts.mainframe.stats.sync, exact: true }).count()).toBe(1);
      // The queued rows' numbers are checked too (axe passes over them: they are aria-hidden).
      const ratio = await page
        .locator('.bb-row:not(.bb-row--current) .bb-row__marker')
        .first()
        .evaluate(contrastOnPanel);
      expect(ratio).toBeGreaterThanOrEqual(4.5);
      await context.close();
    }
  });

  it('(g) puts focus on the new screen heading after login and SYSTEM-menu navigation, and on LOGIN_ID after logout', async () => {
    const { context, page, player } = await signedInPage(game, desktop);
    await waitForFocusedHeading(page, texts.mainframe.title);
    // The heading has focus, and 0/1 still decode from there.
    const row = await currentRow(page);
    await page.keyboard.press(row[0]!);
    await waitFor(
      async () => (await page.getByTestId('row-position').textContent())?.includes('01') ?? false,
      'the digit to be typed',
    );

    await goViaMenu(page, texts.shell.menu.guide);
    await waitForFocusedHeading(page, texts.guide.title);
    await goViaMenu(page, texts.shell.menu.kernel);
    await waitForFocusedHeading(page, texts.shell.menu.kernel);

    await openSystemMenu(page);
    await page.getByRole('button', { name: texts.shell.logout }).click();
    await page.getByRole('button', { name: texts.auth.connect }).waitFor();
    // The login screen's main act is typing: LOGIN_ID has focus instead of its heading (ui.md).
    const loginId = page.getByLabel(texts.auth.loginIdLabel, { exact: true });
    await waitFor(() => loginId.evaluate((el) => el === document.activeElement), 'focus on LOGIN_ID');

    await loginViaUi(page, game.server.url, player);
    await waitForFocusedHeading(page, texts.mainframe.title);
    // One h1 per screen.
    expect(await page.locator('h1').count()).toBe(1);
    await context.close();
  });

  it("(h) greets a brand-new account without a red '!' for chat written before it existed", async () => {
    const { context: ctxA, page: a } = await newPage(game.browser, desktop);
    await registerViaUi(a, game.server.url, newPlayer());
    await waitForLiveLink(a);
    await sendChat(a, `before the newcomer ${Date.now()}`);

    // On a phone the chat sits on its own tab, so nothing marks it read by being on screen.
    const { context: ctxB, page: b } = await newPage(game.browser, phone);
    const firstUnread = b.waitForResponse((r) => r.url().endsWith('/api/chat/unread'));
    await registerViaUi(b, game.server.url, newPlayer());
    expect(await (await firstUnread).json()).toEqual({ hasUnread: false });
    await b.getByRole('button', { name: texts.shell.system }).waitFor();
    expect(await b.getByTestId('unread-badge').count()).toBe(0);

    // A line written after the account existed does raise it.
    await waitForLiveLink(b);
    await sendChat(a, `after the newcomer ${Date.now()}`);
    await b.getByTestId('unread-badge').waitFor();
    await Promise.all([ctxA.close(), ctxB.close()]);
  });
});

/** WCAG contrast of an element's text colour against the panel it sits on (both opaque tokens). */
function contrastOnPanel(el: Element): number {
  const parse = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const lum = ([r, g, b]: number[]) => {
    const f = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
  };
  const panel = getComputedStyle(document.documentElement).getPropertyValue('--panel-raised').trim();
  const toRgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const [l1, l2] = [lum(parse(getComputedStyle(el).color)), lum(toRgb(panel))].sort((x, y) => y - x);
  return (l1! + 0.05) / (l2! + 0.05);
}
