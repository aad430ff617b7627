import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildMissionStatus, missionIds } from '../../src/core/rules/missions';
import { makeGear } from '../../src/core/rules/drops';
import { fillText, itemTexts, texts } from '../../src/core/texts';
import { listViaUi } from './market-helpers';
import {
  chatLine,
  goViaMenu,
  newPage,
  newPlayer,
  openSystemMenu,
  registerViaUi,
  seriousAxeViolations,
  sendChat,
  signedInPage,
  snap,
  unique,
  useGame,
  waitFor,
  waitForLiveLink,
  submitLoginViaUi,
  type Player,
} from './fixtures';

/**
 * Every screen, and every dialog a player opens from it, scanned by axe at both sizes the game is made
 * for. One signed-in page per size walks them all, so the file stays quick beside the other browser files.
 * The payment dialog needs the test payment provider and is scanned at both sizes in virus.e2e.ts.
 */
const game = useGame();
const sizes = [
  ['1440×900', { width: 1440, height: 900 }],
  ['390×844', { width: 390, height: 844 }],
] as const;

/** Scans the page as it is now; collects findings instead of stopping, so one run lists every screen's. */
function scanner(page: Page) {
  const found: Record<string, unknown> = {};
  return {
    found,
    async scan(what: string) {
      const violations = await seriousAxeViolations(page);
      if (violations.length > 0) {
        found[what] = violations;
        await snap(page, `axe-${what.replace(/\W+/g, '-')}`, { fullPage: false });
      }
    },
  };
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();

/** A listing by another player (so BUY asks), and a chat line of theirs (so REPORT opens). */
let seller: { player: Player; gear: string; line: string } | undefined;
async function aSeller(): Promise<{ player: Player; gear: string; line: string }> {
  if (seller) return seller;
  const player = newPlayer();
  const { context, page } = await signedInPage(game, { width: 1440, height: 900 }, { player });
  const gear = makeGear('gpu', 'rare', 1).name;
  await game.server.grant({ loginId: player.loginId, gear: { type: 'gpu', rarity: 'rare', level: 1 } });
  await page.goto(`${game.server.url}/data-exchange`);
  await listViaUi(page, gear, 30);
  await page.goto(`${game.server.url}/`);
  await waitForLiveLink(page);
  const line = `hello grid ${unique()}`;
  await sendChat(page, line);
  await context.close();
  seller = { player, gear, line };
  return seller;
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

describe('axe finds no serious or critical violation on any screen or dialog', () => {
  for (const [size, viewport] of sizes) {
    it(`at ${size}`, async () => {
      const market = await aSeller();
      const { context, page } = await newPage(game.browser, viewport);
      const phone = viewport.width < 768;
      const { found, scan } = scanner(page);

      await page.goto(`${game.server.url}/`);
      await page.getByRole('button', { name: texts.auth.connect }).waitFor();
      await scan('login');
      await page.getByRole('tab', { name: texts.auth.registerTab }).click();
      await page.getByRole('button', { name: texts.auth.initialize }).waitFor();
      await scan('register');

      const player = newPlayer();
      await registerViaUi(page, game.server.url, player);
      await game.server.grant({
        loginId: player.loginId,
        telnet: 500,
        gear: { type: 'cpu', rarity: 'common', level: 1 },
      });
      await game.server.grant({ loginId: player.loginId, core: 'T-1' });
      await scan('mainframe');
      if (phone) await page.getByRole('tab', { name: texts.mainframe.chatTab }).click();
      // REPORT on another player's chat line.
      const line = chatLine(page, market.line);
      await line.waitFor();
      await line
        .getByRole('button', { name: fillText(texts.safety.actionsLabel, { name: market.player.username }) })
        .click();
      await scan('chat line actions');
      await line
        .getByRole('button', { name: new RegExp(`^${fillText(texts.safety.reportLabel, { what: '' })}`) })
        .click();
      await page.getByRole('dialog', { name: texts.safety.reportTitle }).waitFor();
      await scan('report dialog');
      await closeDialog(page);

      await openSystemMenu(page);
      await scan('SYSTEM menu');
      await closeDialog(page);
      await page.getByRole('button', { name: /^Activity log/ }).click();
      await page.getByRole('dialog', { name: texts.activity.title }).waitFor();
      await scan('activity LOG');
      await closeDialog(page);

      await goViaMenu(page, texts.shell.menu.inventory);
      await heading(page, 'INVENTORY');
      const gear = makeGear('cpu', 'common', 1).name;
      const destroy = page.getByRole('button', { name: `${itemTexts.destroy} ${gear}` });
      await destroy.waitFor();
      await scan('inventory');
      await destroy.click();
      await page.getByRole('dialog').waitFor();
      await scan('destroy dialog');
      await closeDialog(page);

      await goViaMenu(page, texts.shell.menu.dataExchange);
      await heading(page, 'DATA EXCHANGE');
      const buy = page.getByRole('button', { name: `${itemTexts.buy} ${market.gear} for 30 Telnet` });
      await buy.waitFor();
      await scan('data exchange');
      await buy.click();
      await page.getByRole('dialog', { name: fillText(itemTexts.buyTitle, { name: market.gear }) }).waitFor();
      await scan('buy dialog');
      await closeDialog(page);
      await page.getByRole('tab', { name: itemTexts.sellItemsTab }).click();
      await page.getByRole('button', { name: `Sell ${gear}`, exact: true }).click();
      await page.getByRole('dialog').waitFor();
      await scan('sell dialog');
      await closeDialog(page);

      await goViaMenu(page, texts.shell.menu.kernel);
      await heading(page, texts.kernel.title);
      await waitFor(async () => (await page.locator('.bb-kernel__loading').count()) === 0, 'the Kernel snapshot');
      await scan('kernel');
      await page.getByTestId('kernel-canvas').focus();
      await page.keyboard.press('Enter');
      const picker = page.getByRole('dialog', { name: texts.kernel.colorTitle });
      await picker.waitFor();
      await scan('colour picker');
      await picker.getByRole('button', { name: texts.kernel.saveColor }).click();
      await page.getByRole('dialog', { name: texts.kernel.confirmTitle }).waitFor();
      await scan('kernel purchase dialog');
      await closeDialog(page);

      for (const [label, title] of [
        [texts.shell.menu.optimizer, /OPTIMIZER/i],
        [texts.shell.menu.terminal, /TERMINAL/i],
        [texts.shell.menu.ping, /PING/i],
        [texts.shell.menu.blockchain, /BLOCKCHAIN/i],
        [texts.shell.menu.virus, /VIRUS/i],
        [texts.shell.menu.leaderboard, /LEADERBOARD/i],
        [texts.shell.menu.guide, /GUIDE/i],
        [texts.shell.menu.settings, /SETTINGS|ACCOUNT/i],
      ] as const) {
        await goViaMenu(page, label);
        await heading(page, title);
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await scan(label);
      }
      await page.getByRole('button', { name: texts.settings.deleteAccountButton }).click();
      await page.getByRole('dialog', { name: texts.settings.deleteDialogTitle }).waitFor();
      await scan('delete account dialog');
      await closeDialog(page);

      await page.goto(`${game.server.url}/missing`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await scan('not found');
      await context.close();
      expect(found, `at ${size}: ${JSON.stringify(found, null, 2)}`).toEqual({});
    });
  }

  for (const [size, viewport] of sizes) {
    it(`on the dialogs the server brings up, MISSION ACCOMPLISHED and the drone harvest, at ${size}`, async () => {
      const first = await newPage(game.browser, viewport);
      const status = (last: number) => buildMissionStatus(missionIds.slice(0, last));
      await first.page.route('**/api/missions/status', (route) => route.fulfill({ json: status(-1) }));
      const sockets: WebSocketRoute[] = [];
      await first.page.routeWebSocket(/\/ws$/, (ws) => void sockets.push(ws));
      const player = newPlayer();
      await registerViaUi(first.page, game.server.url, player);
      await waitForLiveLink(first.page);
      sockets.at(-1)?.send(JSON.stringify({ t: 'missions.statusChanged', d: status(missionIds.length), v: 1 }));
      await first.page.getByRole('dialog', { name: texts.missions.accomplishedTitle }).waitFor();
      const { found, scan } = scanner(first.page);
      await scan('mission accomplished');
      await first.context.close();

      // A finished run waiting since the last visit: the status says so, the harvest hands over its figures.
      const { context, page } = await newPage(game.browser, viewport);
      const drone = scanner(page);
      await page.route('**/api/drone/status', async (route) => {
        const real = (await (await route.fetch()).json()) as Record<string, unknown>;
        await route.fulfill({ json: { ...real, harvestReady: true } });
      });
      const gear = makeGear('ram', 'epic', 3);
      const rewardSummary = {
        totalDrops: 1,
        experience: 40,
        clicks: 30,
        levelsGained: 1,
        oldLevel: 1,
        newLevel: 2,
        telnetEarned: 12,
        lostDrops: 0,
        gearDrops: [{ id: 1, name: gear.name, type: gear.type, rarity: gear.rarity, level: 3, statValue: 7 }],
        telnetCoreDrops: [],
      };
      await page.route('**/api/drone/harvest', (route) =>
        route.fulfill({ json: { success: true, runId: 1, rewardSummary } }),
      );
      await submitLoginViaUi(page, game.server.url, player);
      await page.getByRole('dialog', { name: texts.optimizer.harvestTitle }).waitFor();
      await drone.scan('drone harvest');
      // A status the page asks for as it closes would have its proxied answer disposed under the handler.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
      expect(
        { ...found, ...drone.found },
        `at ${size}: ${JSON.stringify({ ...found, ...drone.found }, null, 2)}`,
      ).toEqual({});
    });
  }
});
