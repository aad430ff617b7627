import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { bitPrice } from '../../src/core/rules/kernel';
import { fillText, texts } from '../../src/core/texts';
import { pingPrompt, signedInPage, snap, useGame, waitFor } from './fixtures';
import { expectFocus, tabTo } from './keyboard-walk';

/** The Kernel's dialogs and the two prompts, by keyboard alone, at both sizes: focus is where the player acts next. */
const game = useGame();
const k = texts.kernel;

/** Opens a screen from the SYSTEM menu by keyboard: Tab to SYSTEM, Enter, Tab to the entry, Enter. */
async function menuByKeyboard(page: Page, label: string, { back = false } = {}): Promise<void> {
  await tabTo(page, page.getByRole('button', { name: texts.shell.system }), { back });
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('dialog').getByRole('link', { name: label, exact: true }));
  await page.keyboard.press('Enter');
}

describe.each([
  ['1440×900', { width: 1440, height: 900 }],
  ['390×844, touch', { width: 390, height: 844 }],
])('focus in the Kernel, the Terminal and Ping, by keyboard alone (%s)', (_size, viewport) => {
  it('the Kernel gives focus back to its canvas after the picker, a closed purchase and a bought bit; both prompts take focus on arrival', async () => {
    const { context, page } = await signedInPage(game, viewport, { telnet: 100 });

    await menuByKeyboard(page, texts.shell.menu.kernel);
    await page.getByRole('heading', { level: 1, name: k.title }).waitFor();
    await waitFor(async () => (await page.locator('.bb-kernel__loading').count()) === 0, 'the Kernel snapshot');
    const canvas = page.getByTestId('kernel-canvas');
    await tabTo(page, canvas);
    // Each size pans its own way from the centre: both runs share one Kernel, and a bit is bought once.
    await page.keyboard.press(viewport.width < 768 ? 'ArrowLeft' : 'ArrowRight');
    // Enter on the canvas: the colour picker first; Escape gives the canvas its focus back.
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: k.colorTitle });
    await picker.waitFor();
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    await expectFocus(page, canvas, 'the canvas after Escape in the picker');
    // Again: save the colour by keyboard, then the purchase dialog; Escape closes it onto the canvas.
    await page.keyboard.press('Enter');
    await picker.waitFor();
    await tabTo(page, picker.getByRole('button', { name: k.saveColor }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: k.confirmTitle });
    await confirm.waitFor({ timeout: 10_000 }).catch(async (error: unknown) => {
      await snap(page, 'focus-failure-kernel-confirm', { fullPage: false });
      throw error;
    });
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await expectFocus(page, canvas, 'the canvas after closing the purchase dialog');
    // Enter again: the colour is known, so the purchase dialog; Enter buys, and focus is back on the canvas.
    const bit = await page.evaluate(() =>
      (window as unknown as { __kernelView: { current(): { x: number; y: number } } }).__kernelView.current(),
    );
    await page.keyboard.press('Enter');
    await confirm.waitFor();
    // The dialog moves focus to BUY a frame after it appears; Enter before that would land on the canvas.
    await expectFocus(page, confirm.getByRole('button', { name: k.confirm }), 'BUY in the purchase dialog');
    await page.keyboard.press('Enter');
    await page
      .getByTestId('toast')
      .getByText(fillText(k.bought, { x: bit.x, y: bit.y, price: bitPrice(bit.x, bit.y) }))
      .waitFor();
    await confirm.waitFor({ state: 'detached' });
    await expectFocus(page, canvas, 'the canvas after buying');

    // The Terminal and Ping: the prompt has focus on arrival, so typing works at once.
    await menuByKeyboard(page, texts.shell.menu.terminal);
    await page.getByRole('heading', { level: 1, name: 'TERMINAL' }).waitFor();
    const terminalPrompt = page.locator('.bb-term__input');
    await expectFocus(page, terminalPrompt, 'the Terminal prompt');
    await page.keyboard.type('help');
    await waitFor(async () => (await terminalPrompt.inputValue()) === 'help', 'typed text in the Terminal prompt');

    // Tab in the Terminal's prompt completes, so the way out is Shift+Tab, back up to SYSTEM.
    await menuByKeyboard(page, texts.shell.menu.ping, { back: true });
    await expectFocus(page, pingPrompt(page), 'the Ping prompt');
    await page.keyboard.type('ls');
    await waitFor(async () => (await pingPrompt(page).inputValue()) === 'ls', 'typed text in the Ping prompt');
    await snap(page, 'focus-ping-prompt', { fullPage: false });
    await context.close();
  });
});
