import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { balance } from '../../src/core/balance';
import { coreDisplayName } from '../../src/core/items';
import { makeGear } from '../../src/core/rules/drops';
import { sellerProceeds } from '../../src/core/rules/market';
import { fillText, itemTexts, texts } from '../../src/core/texts';
import { publishShot } from './doc-shots';
import { listViaUi } from './market-helpers';
import { desktop, goViaMenu, newPage, newPlayer, phone, registerViaUi, snap, useGame, waitFor } from './fixtures';

const game = useGame();

type Viewport = { width: number; height: number };

/** The Telnet the Data Exchange's header shows (the session's user, kept fresh by user.updated). */
async function telnetOnExchange(page: Page): Promise<number> {
  return Number(((await page.locator('.bb-dx__balance .bb-telnet').textContent()) ?? '').replace(/,/g, ''));
}

async function waitForTelnet(page: Page, expected: number, who: string): Promise<void> {
  await waitFor(async () => (await telnetOnExchange(page)) === expected, `${who}'s Telnet to read ${expected}`);
}

const inventoryTitle = (page: Page, n: number) =>
  page.getByRole('heading', { name: fillText(itemTexts.inventoryTitle, { n, max: balance.inventoryCapacity }) });
const itemCard = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Items' }).getByRole('listitem').filter({ hasText: name });
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

/** A player in their own browser context with two tabs: the Data Exchange and the Inventory. */
async function playerWithTwoTabs(browser: Browser, viewport: Viewport) {
  const { context, page: exchange } = await newPage(browser, viewport);
  const player = newPlayer();
  await registerViaUi(exchange, game.server.url, player);
  const inventory = await context.newPage();
  return { context, player, exchange, inventory };
}

/** Opens both tabs on their screens (after the grants, which send no event) and marks them, to prove later that neither reloaded. */
async function openScreens(p: Awaited<ReturnType<typeof playerWithTwoTabs>>) {
  await p.inventory.goto(`${game.server.url}/inventory`);
  await p.inventory.getByRole('heading', { level: 1, name: 'INVENTORY' }).waitFor();
  await goViaMenu(p.exchange, texts.shell.menu.dataExchange);
  await p.exchange.getByRole('heading', { level: 1, name: 'DATA EXCHANGE' }).waitFor();
  for (const page of [p.exchange, p.inventory]) {
    await page.evaluate(() => ((window as unknown as { bbNotReloaded: boolean }).bbNotReloaded = true));
  }
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { bbNotReloaded?: boolean }).bbNotReloaded === true);

async function marketFlow(viewport: Viewport, docName: string) {
  const seller = await playerWithTwoTabs(game.browser, viewport);
  const buyer = await playerWithTwoTabs(game.browser, viewport);

  const sold = makeGear('cpu', 'epic', 1);
  const other = makeGear('ram', 'legendary', 1);
  const core = coreDisplayName('T-4');
  const price = 120;
  const start = 500;
  await game.server.grant({ loginId: seller.player.loginId, gear: { type: sold.type, rarity: sold.rarity, level: 1 } });
  await game.server.grant({
    loginId: seller.player.loginId,
    gear: { type: other.type, rarity: other.rarity, level: 1 },
  });
  await game.server.grant({ loginId: seller.player.loginId, core: 'T-4' });
  await game.server.grant({ loginId: buyer.player.loginId, telnet: start });

  await openScreens(seller);
  await openScreens(buyer);
  await inventoryTitle(seller.inventory, 3).waitFor();
  await buyer.inventory.getByText(itemTexts.noGearYet, { exact: true }).waitFor();
  await waitForTelnet(buyer.exchange, start, 'the buyer');
  expect(await telnetOnExchange(seller.exchange)).toBe(0);

  // The seller lists three items; the buyer's open marketplace shows them as they arrive.
  await listViaUi(seller.exchange, sold.name, price);
  await listViaUi(seller.exchange, other.name, 900);
  await listViaUi(seller.exchange, core, 40);
  const buyerMarket = buyer.exchange.getByRole('list', { name: 'Listings' });
  const sellersListings = buyerMarket.getByRole('listitem').filter({ hasText: seller.player.username });
  await waitFor(
    async () => (await sellersListings.count()) === 3,
    "the seller's three listings on the buyer's marketplace",
  );
  // The seller's other tab shows the items in escrow (LISTED), still counted.
  await itemCard(seller.inventory, sold.name).getByText(itemTexts.listed, { exact: true }).waitFor();
  // The seller sees their own listing as 'YOUR ITEM' (spec §5), and cannot buy it.
  await seller.exchange.getByRole('tab', { name: itemTexts.marketplaceTab }).click();
  const own = seller.exchange
    .getByRole('list', { name: 'Listings' })
    .getByRole('listitem')
    .filter({ hasText: sold.name });
  expect(await own.getByRole('button', { name: itemTexts.yourItem }).isDisabled()).toBe(true);
  await seller.exchange.getByRole('tab', { name: itemTexts.myListingsTab }).click();
  await seller.exchange
    .getByRole('list', { name: 'My listings' })
    .getByRole('listitem')
    .filter({ hasText: sold.name })
    .waitFor();
  await snap(buyer.exchange, 'data-exchange-before-buy');
  await publishShot(buyer.exchange, docName);

  // The buyer buys: Telnet and the item move, and every open screen of both players follows by push.
  await buyer.exchange.getByRole('button', { name: `${itemTexts.buy} ${sold.name} for ${price} Telnet` }).click();
  await buyer.exchange.getByRole('dialog').getByRole('button', { name: itemTexts.confirmBuy }).click();
  await toast(buyer.exchange, fillText(itemTexts.listingBought, { name: sold.name, price })).waitFor();
  await waitForTelnet(buyer.exchange, start - price, 'the buyer');
  await waitForTelnet(seller.exchange, sellerProceeds(price), 'the seller');
  await toast(seller.exchange, itemTexts.itemSoldTitle).waitFor();
  await waitFor(
    async () =>
      (await seller.exchange
        .getByRole('list', { name: 'My listings' })
        .getByRole('listitem')
        .filter({ hasText: sold.name })
        .count()) === 0,
    'the sold listing to leave MY LISTINGS',
  );
  await waitFor(
    async () => (await buyerMarket.getByRole('listitem').filter({ hasText: sold.name }).count()) === 0,
    'the listing to leave the marketplace',
  );
  await itemCard(buyer.inventory, sold.name).waitFor();
  await inventoryTitle(buyer.inventory, 1).waitFor();
  await inventoryTitle(seller.inventory, 2).waitFor();
  expect(await itemCard(seller.inventory, sold.name).count()).toBe(0);
  for (const page of [seller.exchange, seller.inventory, buyer.exchange, buyer.inventory])
    expect(await notReloaded(page)).toBe(true);
  expect(
    await buyer.exchange.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
  await snap(buyer.inventory, 'inventory-after-buy');
  await snap(seller.exchange, 'data-exchange-sold');

  await seller.context.close();
  await buyer.context.close();
}

describe('the Data Exchange in two browsers', () => {
  it('player A lists, player B buys; both inventories and balances follow without a reload', async () => {
    await marketFlow(desktop, 'data-exchange');
  });

  it('does the same on a 390×844 phone', async () => {
    await marketFlow(phone, 'data-exchange-phone');
  });
});
