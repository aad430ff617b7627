import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { fillText, itemTexts } from '../../src/core/texts';

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

/** Lists an item from SELL ITEMS through the sell dialog, checking the spec's price rule on the way. */
export async function listViaUi(page: Page, name: string, price: number): Promise<void> {
  await page.getByRole('tab', { name: itemTexts.sellItemsTab }).click();
  await page
    .getByRole('button', { name: `Sell ${name}`, exact: true })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  const list = dialog.getByRole('button', { name: itemTexts.listForSale, exact: true });
  // spec §2/§5: the button is disabled while the price is empty; 0 is refused with the spec's text.
  expect(await list.isDisabled()).toBe(true);
  await dialog.getByLabel(itemTexts.price, { exact: true }).fill('0');
  await dialog.getByText(itemTexts.priceTooLow).waitFor();
  expect(await list.isDisabled()).toBe(true);
  await dialog.getByLabel(itemTexts.price, { exact: true }).fill(String(price));
  await list.click();
  await toast(page, fillText(itemTexts.listingCreated, { name, price })).waitFor();
  await dialog.waitFor({ state: 'detached' });
}
