import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { coreDisplayName, type CoreTypeName, type GearType } from '../../src/core/items';
import { makeGear } from '../../src/core/rules/drops';
import { fillText, itemTexts, texts } from '../../src/core/texts';
import { expectNoSeriousViolations, phone, signedInPage, snap, useGame, waitFor } from './fixtures';
import { listViaUi } from './market-helpers';

const game = useGame();
const wide = { width: 1440, height: 900 } as const;
type Viewport = { width: number; height: number };

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
const listing = (page: Page, name: string, price: number) =>
  page
    .getByRole('list', { name: 'Listings' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `${itemTexts.buy} ${name} for ${price} Telnet` }) });

/** Trading as Torn's players expect: a confirmed BUY, rarity in words, the market's price, an exact CLEAR. */
async function tradeFlow(viewport: Viewport, kinds: { epic: GearType; high: GearType; core: CoreTypeName }) {
  const tag = `${viewport.width}`;
  const seller = await signedInPage(game, viewport);
  const buyer = await signedInPage(game, viewport);

  // Each run trades its own items: the market (and its price reference) is shared by the file's runs.
  const epic = makeGear(kinds.epic, 'epic', 1);
  const high = makeGear(kinds.high, 'legendary', 9);
  const core = coreDisplayName(kinds.core);
  await game.server.grant({ loginId: seller.player.loginId, gear: { type: kinds.epic, rarity: 'epic', level: 1 } });
  await game.server.grant({
    loginId: seller.player.loginId,
    gear: { type: kinds.high, rarity: 'legendary', level: 9 },
  });
  for (const type of ['cpu', 'gpu', 'storage'] as const)
    await game.server.grant({ loginId: seller.player.loginId, gear: { type, rarity: 'common', level: 1 } });
  await game.server.grant({ loginId: seller.player.loginId, core: kinds.core });
  await game.server.grant({ loginId: seller.player.loginId, core: kinds.core });
  await game.server.grant({ loginId: buyer.player.loginId, telnet: 500 });

  // Inventory: rarity in words on every card; CLEAR names the rarity and the count it selects.
  await seller.page.goto(`${game.server.url}/inventory`);
  const items = seller.page.getByRole('list', { name: 'Items' });
  await items
    .getByRole('listitem')
    .filter({ hasText: epic.name })
    .getByText(/· EPIC$/)
    .waitFor();
  await items
    .getByRole('listitem')
    .filter({ hasText: high.name })
    .getByText(/· LEGENDARY$/)
    .waitFor();
  const clear = seller.page.getByRole('button', { name: 'CLEAR 3 COMMON ITEMS', exact: true });
  await clear.click();
  await seller.page.getByText(fillText(itemTexts.selectedCount, { n: 3 })).waitFor();
  await snap(seller.page, `trade-inventory-clear-${tag}`, { fullPage: false });
  await seller.page.getByRole('button', { name: itemTexts.cancel, exact: true }).click();

  // The seller lists; the sell dialog shows the market's price for the item (nothing listed yet).
  await seller.page.goto(`${game.server.url}/data-exchange`);
  await seller.page.getByRole('tab', { name: itemTexts.sellItemsTab }).click();
  await seller.page.getByRole('button', { name: `Sell ${epic.name}`, exact: true }).click();
  const sellDialog = seller.page.getByRole('dialog');
  await sellDialog.getByText(`${itemTexts.priceReference}: ${itemTexts.noneListed} · ${itemTexts.noSales}`).waitFor();
  await expectNoSeriousViolations(seller.page, `sell dialog ${tag}`);
  await snap(seller.page, `trade-sell-dialog-${tag}`, { fullPage: false });
  await seller.page.keyboard.press('Escape');
  await sellDialog.waitFor({ state: 'detached' });
  await listViaUi(seller.page, epic.name, 120);
  await listViaUi(seller.page, high.name, 300);
  await listViaUi(seller.page, core, 40);
  await listViaUi(seller.page, core, 60);

  // The buyer's marketplace: rarity in words and the price reference on each card.
  await buyer.page.goto(`${game.server.url}/data-exchange`);
  await listing(buyer.page, core, 60).waitFor();
  await listing(buyer.page, epic.name, 120)
    .getByText(/· EPIC ·/)
    .waitFor();
  await listing(buyer.page, core, 60)
    .getByText(`${fillText(itemTexts.lowestListed, { n: 40 })} · ${itemTexts.noSales}`)
    .waitFor();

  // Gear above the buyer's level: the confirmation warns; Escape buys nothing.
  await listing(buyer.page, high.name, 300)
    .getByRole('button', { name: new RegExp(`^${itemTexts.buy}`) })
    .click();
  const buyDialog = buyer.page.getByRole('dialog', { name: fillText(itemTexts.buyTitle, { name: high.name }) });
  await buyDialog
    .getByRole('alert')
    .filter({ hasText: fillText(itemTexts.buyLevelWarning, { level: 9, player: 1 }) })
    .waitFor();
  await buyDialog.getByText(/· LEGENDARY ·/).waitFor();
  await expectNoSeriousViolations(buyer.page, `buy dialog with the level warning ${tag}`);
  await snap(buyer.page, `trade-buy-warning-${tag}`, { fullPage: false });
  await buyer.page.keyboard.press('Escape');
  await buyDialog.waitFor({ state: 'detached' });

  // The cheaper core: price, balance now and after; confirming buys it.
  await listing(buyer.page, core, 40)
    .getByRole('button', { name: new RegExp(`^${itemTexts.buy}`) })
    .click();
  const coreDialog = buyer.page.getByRole('dialog', { name: fillText(itemTexts.buyTitle, { name: core }) });
  const sums = await coreDialog.locator('dl > div').allInnerTexts();
  expect(sums.map((s) => s.replace(/\s+/g, ' ').trim())).toEqual([
    `${itemTexts.buyPrice} 40`,
    `${itemTexts.balanceNow} 500`,
    `${itemTexts.balanceAfter} 460`,
  ]);
  expect(await coreDialog.getByRole('alert').count()).toBe(0);
  await expectNoSeriousViolations(buyer.page, `buy dialog ${tag}`);
  await snap(buyer.page, `trade-buy-confirm-${tag}`, { fullPage: false });
  await coreDialog.getByRole('button', { name: itemTexts.confirmBuy }).click();
  await toast(buyer.page, fillText(itemTexts.listingBought, { name: core, price: 40 })).waitFor();

  // The sale moves the price reference of the other core, on the buyer's screen and the seller's.
  const after = `${fillText(itemTexts.lowestListed, { n: 60 })} · ${fillText(itemTexts.averageOneSale, { n: 40 })}`;
  await listing(buyer.page, core, 60).getByText(after).waitFor();
  await seller.page.getByRole('tab', { name: itemTexts.marketplaceTab }).click();
  await seller.page
    .getByRole('list', { name: 'Listings' })
    .getByRole('listitem')
    .filter({ hasText: core })
    .getByText(after)
    .waitFor();
  await waitFor(
    async () => (await buyer.page.locator('.bb-dx__balance .bb-telnet').textContent()) === '460',
    'the balance after buying',
  );
  expect(
    await buyer.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
  await snap(buyer.page, `trade-market-${tag}`);
  await expectNoSeriousViolations(buyer.page, `marketplace ${tag}`);
  await buyer.page.goto(`${game.server.url}/inventory`);
  await buyer.page.getByRole('heading', { level: 1, name: texts.shell.menu.inventory }).waitFor();
  await seller.context.close();
  await buyer.context.close();
}

describe('the Data Exchange and Inventory as traders expect', () => {
  it('confirms BUY with the balance after, warns on level, shows rarity and the market price (1440)', async () => {
    await tradeFlow(wide, { epic: 'cpu', high: 'ram', core: 'T-4' });
  });

  it('does the same on a 390×844 phone', async () => {
    await tradeFlow(phone, { epic: 'gpu', high: 'storage', core: 'T-3' });
  });
});
