import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { balance } from '../../src/core/balance';
import { coreDisplayName } from '../../src/core/items';
import { findCoreType } from '../../src/core/rules/cores';
import { makeGear } from '../../src/core/rules/drops';
import { fillText, itemTexts, texts } from '../../src/core/texts';
import { publishShot } from './doc-shots';
import { desktop, goViaMenu, phone, signedInPage, snap, useGame, waitFor } from './fixtures';

const game = useGame();

type Viewport = { width: number; height: number };
const isPhone = (v: Viewport) => v.width < 768;

/** The Mainframe stats panel's ATTACK_PWR (on a phone behind the STATS toggle). */
async function attackShown(page: Page, viewport: Viewport): Promise<number> {
  await page.getByRole('heading', { level: 1, name: texts.mainframe.title }).waitFor();
  if (isPhone(viewport)) {
    const toggle = page.getByRole('button', { name: texts.mainframe.stats.show, exact: true });
    if (await toggle.isVisible()) await toggle.click();
  }
  const value = page.locator('.bb-stat').filter({ hasText: texts.mainframe.stats.attack }).locator('dd');
  await value.waitFor();
  return Number(await value.textContent());
}

const itemsList = (page: Page) => page.getByRole('list', { name: 'Items' });
const card = (page: Page, name: string) => itemsList(page).getByRole('listitem').filter({ hasText: name });
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

/**
 * Holds a card until the long press has selected it, then lets go: with the mouse on a desktop, with
 * a real touch (CDP touch events, so the browser makes touch pointer events) on a phone. Waiting for
 * the selection, not a fixed time, keeps the hold long enough however loaded the machine is.
 */
async function longPress(page: Page, name: string, viewport: Viewport): Promise<void> {
  const box = (await card(page, name).locator('.bb-inv-card__info').boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const selected = card(page, name).getByRole('button', { pressed: true });
  if (isPhone(viewport)) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await selected.waitFor();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    return;
  }
  await page.mouse.move(x, y);
  await page.mouse.down();
  await selected.waitFor();
  await page.mouse.up();
}

async function inventoryFlows(viewport: Viewport, docName: string) {
  const { context, page, player } = await signedInPage(game, viewport);
  const attackBefore = await attackShown(page, viewport);

  // A gear drop and some loot, through the operator grant service (same inventory rules as a drop).
  const cpu = makeGear('cpu', 'rare', 1);
  const ram = makeGear('ram', 'common', 1);
  const gpu = makeGear('gpu', 'common', 1);
  const storage = makeGear('storage', 'epic', 1);
  for (const gear of [cpu, ram, gpu, storage])
    await game.server.grant({ loginId: player.loginId, gear: { type: gear.type, rarity: gear.rarity, level: 1 } });
  await game.server.grant({ loginId: player.loginId, gear: { type: 'gpu', rarity: 'legendary', level: 9 } });
  await game.server.grant({ loginId: player.loginId, core: 'T-3' });
  await game.server.grant({ loginId: player.loginId, core: 'T-1' });

  await goViaMenu(page, texts.shell.menu.inventory);
  await page
    .getByRole('heading', { name: fillText(itemTexts.inventoryTitle, { n: 7, max: balance.inventoryCapacity }) })
    .waitFor();
  for (const type of ['CPU', 'RAM', 'GPU'])
    await page.getByText(fillText(itemTexts.slotEmpty, { slot: type }), { exact: true }).waitFor();

  // Gear above the player's level: 'Req Lv.9' explains instead of equipping.
  await page
    .getByRole('button', { name: new RegExp(`^${fillText(itemTexts.reqLevel, { n: 9 }).replace('.', '\\.')}`) })
    .click();
  await toast(page, itemTexts.levelTooLow)
    .filter({ hasText: fillText(itemTexts.levelTooLowBody, { n: 9 }) })
    .waitFor();

  // Equip the CPU: its slot fills, the gear bonus and the Mainframe's ATTACK_PWR go up by its stat.
  await page.getByRole('button', { name: `${itemTexts.equip} ${cpu.name}`, exact: true }).click();
  await page.locator('.bb-inv-slot').filter({ hasText: cpu.name }).waitFor();
  expect(await page.getByText(fillText(itemTexts.slotEmpty, { slot: 'CPU' }), { exact: true }).count()).toBe(0);
  await waitFor(
    async () =>
      ((await page.getByLabel('Bonus from equipped gear').textContent()) ?? '').includes(`+${cpu.statValue} ATK`),
    'the gear bonus',
  );

  // The documented key: S on an item starts multi-select with it; Escape leaves.
  await card(page, ram.name)
    .getByRole('button', { name: `${itemTexts.destroy} ${ram.name}` })
    .focus();
  await page.keyboard.press('s');
  await page.getByText(fillText(itemTexts.selectedCount, { n: 1 })).waitFor();
  expect(await card(page, ram.name).getByRole('button', { pressed: true }).count()).toBe(1);
  await page.keyboard.press('Escape');
  await page.getByText(fillText(itemTexts.selectedCount, { n: 1 })).waitFor({ state: 'detached' });

  // A Telnet Core opens with its toast: the server's next draws are scripted (success, then the lowest amount).
  const t3 = findCoreType('T-3')!;
  game.server.random.queue(0, 0);
  await page.getByRole('button', { name: `${itemTexts.open} ${coreDisplayName('T-3')}` }).click();
  await toast(page, fillText(itemTexts.coreOpenSucceeded, { n: t3.minTelnet })).waitFor();
  await itemsList(page)
    .getByText(fillText(itemTexts.opened, { n: t3.minTelnet }))
    .waitFor();
  expect(game.server.random.pending()).toBe(0);
  // …and one that fails is destroyed with the spec's text.
  game.server.random.queue(0.999);
  await page.getByRole('button', { name: `${itemTexts.open} ${coreDisplayName('T-1')}` }).click();
  await toast(page, itemTexts.coreOpenFailed).waitFor();
  await page
    .getByRole('heading', { name: fillText(itemTexts.inventoryTitle, { n: 5, max: balance.inventoryCapacity }) })
    .waitFor();

  // Long press (800 ms) starts multi-select with that item; a tap adds a second; Destroy All destroys both.
  await longPress(page, ram.name, viewport);
  await page.getByText(fillText(itemTexts.selectedCount, { n: 1 })).waitFor();
  // The release did not toggle the pressed item back off.
  expect(await card(page, ram.name).getByRole('button', { pressed: true }).count()).toBe(1);
  await card(page, gpu.name).getByRole('button').click();
  await page.getByText(fillText(itemTexts.selectedCount, { n: 2 })).waitFor();
  await snap(page, 'inventory-select');
  await page.getByRole('button', { name: itemTexts.destroyAll, exact: true }).click();
  await toast(page, fillText(itemTexts.itemsDestroyed, { n: 2 })).waitFor();
  await page
    .getByRole('heading', { name: fillText(itemTexts.inventoryTitle, { n: 3, max: balance.inventoryCapacity }) })
    .waitFor();
  expect(await card(page, ram.name).count()).toBe(0);
  expect(await card(page, gpu.name).count()).toBe(0);
  expect(await card(page, cpu.name).count()).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
  await snap(page, 'inventory');
  await publishShot(page, docName);

  // The Mainframe's stats panel shows the equipped CPU too (the server's effective attack).
  await goViaMenu(page, texts.shell.menu.mainframe);
  expect(await attackShown(page, viewport)).toBe(attackBefore + cpu.statValue);
  await context.close();
}

describe('the inventory in a browser', () => {
  it('equips a gear drop (stats change), multi-selects by key and long press, destroys two, opens cores', async () => {
    await inventoryFlows(desktop, 'inventory');
  });

  it('does the same on a 390×844 phone with touch', async () => {
    await inventoryFlows(phone, 'inventory-phone');
  });
});
