import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { coreDisplayName } from '../../src/core/items';
import { makeGear } from '../../src/core/rules/drops';
import { fillText, itemTexts, texts } from '../../src/core/texts';
import { newPage, newPlayer, registerViaUi, snap, useGame, waitFor } from './fixtures';
import { expectFocus, focusedNow, tabTo } from './keyboard-walk';

const game = useGame();
const wide = { width: 1440, height: 900 } as const;
const phone = { width: 390, height: 844 } as const;

const itemsList = (page: Page) => page.getByRole('list', { name: 'Items' });
const card = (page: Page, name: string) => itemsList(page).getByRole('listitem').filter({ hasText: name });
const cardNames = (page: Page) => itemsList(page).locator('.bb-inv-card__name').allTextContents();
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The focused heading's ring: a visible outline in the link colour (base.css). */
async function expectHeadingRing(page: Page, name: string): Promise<void> {
  const h1 = heading(page, name);
  await expectFocus(page, h1, `the ${name} heading`);
  const ring = await h1.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
}

/** Each size lists its epic at its own price: both runs share one market. */
const epicPriceFor = (viewport: { width: number }) => (viewport.width < 768 ? 260 : 250);

describe.each([
  ['1440×900', wide],
  ['390×844, touch', phone],
])('focus goes where the player acts next, by keyboard alone (%s)', (_size, viewport) => {
  it('login, Inventory (Equip, Open, Destroy) and the Data Exchange (Sell, Buy) never drop focus to the top', async () => {
    const seller = newPlayer();
    const buyer = newPlayer();
    const epicPrice = epicPriceFor(viewport);
    for (const player of [seller, buyer]) {
      const setup = await newPage(game.browser, viewport);
      await registerViaUi(setup.page, game.server.url, player);
      await setup.context.close();
    }

    const { context, page } = await newPage(game.browser, viewport);
    // The login screen: LOGIN_ID has focus on arrival, typing works at once.
    await page.goto(`${game.server.url}/`);
    await expectFocus(page, page.getByLabel(texts.auth.loginIdLabel, { exact: true }), 'LOGIN_ID');
    await page.keyboard.type(seller.loginId);
    await page.keyboard.press('Tab');
    await page.keyboard.type(seller.password);
    await page.keyboard.press('Enter');
    await expectHeadingRing(page, texts.mainframe.title);

    const common = makeGear('cpu', 'common', 1);
    const rare = makeGear('ram', 'rare', 1);
    const epic = makeGear('gpu', 'epic', 1);
    for (const g of [common, rare, epic])
      await game.server.grant({ loginId: seller.loginId, gear: { type: g.type, rarity: g.rarity, level: 1 } });
    await game.server.grant({ loginId: seller.loginId, gear: { type: 'storage', rarity: 'common', level: 1 } });
    await game.server.grant({ loginId: seller.loginId, core: 'T-2' });
    await game.server.grant({ loginId: seller.loginId, core: 'T-1' });

    // SYSTEM → INVENTORY by keyboard: the new screen's heading has focus, with its ring.
    await tabTo(page, page.getByRole('button', { name: texts.shell.system }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('dialog').getByRole('link', { name: texts.shell.menu.inventory, exact: true }));
    await page.keyboard.press('Enter');
    await expectHeadingRing(page, 'INVENTORY');
    await card(page, coreDisplayName('T-1')).waitFor();
    const order = await cardNames(page);
    await snap(page, 'focus-inventory-heading', { fullPage: false });

    // EQUIP: focus stays on that card (now UNEQUIP) and the card does not move to the top.
    await tabTo(page, card(page, common.name).getByRole('button', { name: `${itemTexts.equip} ${common.name}` }));
    await page.keyboard.press('Enter');
    await expectFocus(
      page,
      card(page, common.name).getByRole('button', { name: `${itemTexts.unequip} ${common.name}` }),
      'UNEQUIP on the equipped card',
    );
    expect(await cardNames(page)).toEqual(order);
    await page.locator('.bb-inv-slot').filter({ hasText: common.name }).waitFor();

    // OPEN a core: it leaves the list and the next card's OPEN takes focus.
    game.server.random.queue(0, 0);
    const firstCore = order.find((n) => n.startsWith('T-'))!;
    const nextCore = order[order.indexOf(firstCore) + 1]!;
    await tabTo(page, card(page, firstCore).getByRole('button', { name: `${itemTexts.open} ${firstCore}` }));
    await page.keyboard.press('Enter');
    await expectFocus(
      page,
      card(page, nextCore).getByRole('button', { name: `${itemTexts.open} ${nextCore}` }),
      `OPEN on ${nextCore}`,
    );
    expect(
      await itemsList(page)
        .getByRole('button', { name: `${itemTexts.open} ${firstCore}` })
        .count(),
    ).toBe(0);

    // DESTROY, then Escape: back on the DESTROY that opened the dialog.
    const destroyRare = card(page, rare.name).getByRole('button', { name: `${itemTexts.destroy} ${rare.name}` });
    await tabTo(page, destroyRare, { back: true });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocus(page, destroyRare, 'DESTROY after Escape');
    // DESTROY for real: the next card's DESTROY takes focus.
    const afterRare = (await cardNames(page))[(await cardNames(page)).indexOf(rare.name) + 1]!;
    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByRole('button', { name: itemTexts.destroy, exact: true }));
    await page.keyboard.press('Enter');
    await expectFocus(
      page,
      card(page, afterRare).getByRole('button', { name: `${itemTexts.destroy} ${afterRare}` }),
      `DESTROY on ${afterRare}`,
    );
    expect(await card(page, rare.name).count()).toBe(0);
    // The opened core shows its reward after the rest (spec §2); every other card kept its place.
    expect(await cardNames(page)).toEqual([...order.filter((n) => n !== firstCore && n !== rare.name), firstCore]);

    // SORT puts the equipped CPU first again, and keeps focus on SORT.
    const sort = page.getByRole('button', { name: itemTexts.sortAgain, exact: true });
    await tabTo(page, sort, { back: true });
    await page.keyboard.press('Enter');
    await waitFor(async () => (await cardNames(page))[0] === common.name, 'the equipped CPU to sort first');
    await expectFocus(page, sort, 'SORT');

    // S on a card starts multi-select: the card's toggle takes focus; Escape gives the card its control back.
    const epicDestroy = card(page, epic.name).getByRole('button', { name: `${itemTexts.destroy} ${epic.name}` });
    await tabTo(page, epicDestroy);
    await page.keyboard.press('s');
    await expectFocus(page, card(page, epic.name).getByRole('button', { pressed: true }), 'the selected card');
    await page.keyboard.press('Escape');
    await expectFocus(
      page,
      card(page, epic.name).getByRole('button', { name: `${itemTexts.equip} ${epic.name}` }),
      'EQUIP after multi-select',
    );

    // UNEQUIP in the equipment panel: the slot keeps focus once its button is gone.
    const slot = page.locator('.bb-inv-slot').filter({ hasText: common.name });
    await tabTo(page, slot.getByRole('button', { name: `${itemTexts.unequip} ${common.name}` }), { back: true });
    await page.keyboard.press('Enter');
    await page.getByText(fillText(itemTexts.slotEmpty, { slot: 'CPU' }), { exact: true }).waitFor();
    await waitFor(
      () =>
        page.evaluate(
          () => document.activeElement?.closest('.bb-inv-slot')?.textContent?.includes('NO_CPU_EQUIPPED') ?? false,
        ),
      `focus on the emptied CPU slot (it is on ${await focusedNow(page)})`,
    );

    // Destroy All from multi-select: the bar's buttons go with the mode, focus lands on a card, not the top.
    const storage = order.find((n) => n.includes('Storage'))!;
    await tabTo(page, card(page, storage).getByRole('button', { name: `${itemTexts.destroy} ${storage}` }));
    await page.keyboard.press('s');
    await tabTo(page, page.getByRole('button', { name: itemTexts.destroyAll, exact: true }), { back: true });
    await page.keyboard.press('Enter');
    await page
      .getByTestId('toast')
      .filter({ hasText: fillText(itemTexts.itemsDestroyed, { n: 1 }) })
      .waitFor();
    await waitFor(
      () => page.evaluate(() => Boolean(document.activeElement?.closest('[aria-label="Items"] li'))),
      `focus on a card after Destroy All (it is on ${await focusedNow(page)})`,
    );

    // The Data Exchange, SELL ITEMS: Escape returns to SELL; listing it moves focus to the next item's SELL.
    await page.goto(`${game.server.url}/data-exchange`);
    await heading(page, 'DATA EXCHANGE').waitFor();
    await tabTo(page, page.getByRole('tab', { name: itemTexts.marketplaceTab }));
    await page.keyboard.press('End');
    await expectFocus(page, page.getByRole('tab', { name: itemTexts.sellItemsTab }), 'the SELL ITEMS tab');
    const sellEpic = page.getByRole('button', { name: `Sell ${epic.name}`, exact: true });
    await tabTo(page, sellEpic);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await expectFocus(page, dialog.getByLabel(itemTexts.price, { exact: true }), 'the price field');
    await page.keyboard.press('Escape');
    await expectFocus(page, sellEpic, 'SELL after Escape');
    const sellButtons = page.getByRole('button', { name: /^Sell / });
    const sellNames = await sellButtons.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    const nextSell = sellNames[sellNames.indexOf(`Sell ${epic.name}`) + 1]!;
    await page.keyboard.press('Enter');
    await page.keyboard.type(String(epicPrice));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expectFocus(page, page.getByRole('button', { name: nextSell, exact: true }), nextSell);
    // A second listing, so the buyer has a next one (priced apart from the other size's, which shares this market).
    const secondPrice = String(viewport.width / 10);
    await page.keyboard.press('Enter');
    await page.keyboard.type(secondPrice);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: nextSell, exact: true }).waitFor({ state: 'detached' });
    await context.close();

    // The buyer: BUY asks first; Escape goes back to BUY; confirming moves focus to the next listing's BUY.
    await game.server.grant({ loginId: buyer.loginId, telnet: 1000 });
    const b = await newPage(game.browser, viewport);
    await b.page.goto(`${game.server.url}/`);
    await expectFocus(b.page, b.page.getByLabel(texts.auth.loginIdLabel, { exact: true }), 'LOGIN_ID');
    await b.page.keyboard.type(buyer.loginId);
    await b.page.keyboard.press('Tab');
    await b.page.keyboard.type(buyer.password);
    await b.page.keyboard.press('Enter');
    await heading(b.page, texts.mainframe.title).waitFor();
    await b.page.goto(`${game.server.url}/data-exchange`);
    const buyEpic = b.page.getByRole('button', { name: `${itemTexts.buy} ${epic.name} for ${epicPrice} Telnet` });
    await buyEpic.waitFor();
    await tabTo(b.page, buyEpic);
    await b.page.keyboard.press('Enter');
    const buyDialog = b.page.getByRole('dialog', { name: fillText(itemTexts.buyTitle, { name: epic.name }) });
    await buyDialog.waitFor();
    await b.page.keyboard.press('Escape');
    await expectFocus(b.page, buyEpic, 'BUY after Escape');
    await b.page.keyboard.press('Enter');
    await tabTo(b.page, buyDialog.getByRole('button', { name: itemTexts.confirmBuy }));
    await b.page.keyboard.press('Enter');
    await b.page
      .getByTestId('toast')
      .filter({ hasText: fillText(itemTexts.listingBought, { name: epic.name, price: epicPrice }) })
      .waitFor();
    await waitFor(async () => (await buyEpic.count()) === 0, 'the bought listing to leave');
    // Another listing's BUY (the market is shared with the other size's run, so which one is not assumed).
    const buyButtons = b.page.getByRole('button', { name: new RegExp(`^${itemTexts.buy} .+ Telnet$`) });
    await waitFor(
      () => buyButtons.evaluateAll((els) => els.some((el) => el === document.activeElement)),
      `focus on the next listing's BUY (it is on ${await focusedNow(b.page)})`,
    );
    await b.context.close();
  });
});
