import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { infra } from '../../src/core/infra';
import type { TapBatchResponse } from '../../src/core/api/game';
import { decodeSecureData, encodeSecureData } from '../../src/core/secure-data';
import { texts } from '../../src/core/texts';
import { decodeRowWithKeyboard, desktop, signedInPage, snap, useGame } from './fixtures';

const game = useGame();

/** Lets the real server count the batch, then adds drops to its answer (the server rolls them at random). */
function withDrops(extra: Partial<TapBatchResponse>) {
  return async (route: Route) => {
    const response = await route.fetch();
    const { secureData } = (await response.json()) as { secureData: string };
    const answer = decodeSecureData(secureData, 'server', infra.secureDataMaxInflatedBytes) as TapBatchResponse;
    await route.fulfill({ response, json: { secureData: encodeSecureData({ ...answer, ...extra }, 'server') } });
  };
}

describe('drops from a tap batch', () => {
  it('shows gear in its rarity colour and cores in a toast, and the inventory-full text when a drop is lost', async () => {
    const { context, page } = await signedInPage(game, desktop);

    await page.route(
      '**/api/game/tap-batch',
      withDrops({
        gearDrops: [{ id: 1, name: 'Quantum Lattice CPU', type: 'cpu', rarity: 'epic', level: 1, statValue: 5 }],
        telnetCoreDrops: [{ id: 2, name: 'core', coreTypeName: 'T-3' }],
      }),
    );
    await decodeRowWithKeyboard(page);
    const toast = page.getByTestId('toast');
    await toast.filter({ hasText: 'Quantum Lattice CPU' }).waitFor();
    expect(await toast.locator('.rarity-epic').textContent()).toContain('Quantum Lattice CPU');
    expect(await toast.textContent()).toContain('T-3');
    await snap(page, 'toast-loot');

    await page.unroute('**/api/game/tap-batch');
    await page.route('**/api/game/tap-batch', withDrops({ lostDrops: 1, inventoryFull: true }));
    await decodeRowWithKeyboard(page);
    await toast.filter({ hasText: texts.inventoryFull }).waitFor();
    expect(await page.getByTestId('toast').count()).toBe(1);
    await context.close();
  });
});
