import { describe, expect, it } from 'vitest';
import type { TapBatchResponse } from '../../core/api/game';
import { summarizeDrops } from './drop-summary';

const base: Omit<TapBatchResponse, 'user'> = {
  gearDrops: [],
  telnetCoreDrops: [],
  levelsGained: 0,
  telnetGained: 0,
  lostDrops: 0,
  inventoryFull: false,
};
const user = {
  id: 1, loginId: 'a', username: 'a', level: 1, currentExp: 0, maxExp: 10, totalTaps: 0, telnet: 0,
  attack: 1, criticalRate: 5, bonusCriticalHit: 0, connectionRate: 10, itemDropRate: 0.1,
};

describe('summarizeDrops', () => {
  it('is null when a batch brought nothing', () => {
    expect(summarizeDrops({ ...base, user })).toBeNull();
  });

  it('lists gear with rarity and cores by type name', () => {
    const summary = summarizeDrops({
      ...base,
      user,
      gearDrops: [{ id: 1, name: 'Raytrace GPU', type: 'gpu', rarity: 'rare', level: 1, statValue: 8 }],
      telnetCoreDrops: [{ id: 2, name: 'core', coreTypeName: 'T-2' }],
    });
    expect(summary).toEqual({ gear: [{ name: 'Raytrace GPU', rarity: 'rare' }], cores: [{ name: 'T-2' }], inventoryFull: false });
  });

  it('flags a full inventory when a drop was lost', () => {
    expect(summarizeDrops({ ...base, user, lostDrops: 1 })?.inventoryFull).toBe(true);
    expect(summarizeDrops({ ...base, user, inventoryFull: true })?.inventoryFull).toBe(true);
  });
});
