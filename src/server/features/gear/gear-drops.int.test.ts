import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../../core/balance';
import { effectiveStats } from '../../../core/rules/gear-stats';
import { asPlayer, buildTestApp, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { gearOf, grant } from '../../../../tests/support/items';

// Every draw is 0.025: above the base gear chance (0.02), below the chance a legendary level-10
// storage item gives (0.02 × 0.14 / 0.1 = 0.028), and above the core chance. So a decode drops
// gear exactly when the decode loop uses the effective drop rate.
const draw = 0.025;

describe.each(drivers)('gear drop rate in the decode loop [%s]', (driver) => {
  let app: TestApp;
  let stamp = 1_700_000_000_000;
  beforeAll(async () => {
    app = await buildTestApp(driver, { random: () => draw });
  });
  afterAll(() => app.close());

  it('equipped storage raises the drop chance the decode loop rolls with, and the tap answer shows it', async () => {
    expect(balance.gearDropChance).toBeLessThan(draw);
    const p = await asPlayer(app);
    await grant(app, p, { exp: 5_000 });
    const storage = await gearOf(app, p, 'storage', 'legendary', 10);
    const base = await p.request('POST', '/api/game/tap-batch', { tapCount: 1, batchTimestamp: stamp++ });
    expect(base.statusCode, base.body).toBe(200);
    expect(base.data.gearDrops).toEqual([]);

    expect((await p.request('POST', '/api/gear/equip', { gearId: storage, equip: true })).statusCode).toBe(200);
    const boosted = await p.request('POST', '/api/game/tap-batch', { tapCount: 1, batchTimestamp: stamp++ });
    expect(boosted.data.gearDrops).toHaveLength(1);
    const expected = effectiveStats(
      { attack: 0, criticalRate: 0, bonusCriticalHit: 0, itemDropRate: base.data.user.itemDropRate },
      [{ type: 'storage', statValue: 80 }],
    );
    expect(boosted.data.user.itemDropRate).toBe(expected.itemDropRate);
    expect(balance.gearDropChance * (boosted.data.user.itemDropRate / balance.startingItemDropRate)).toBeGreaterThan(
      draw,
    );
  });
});
