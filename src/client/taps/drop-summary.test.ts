import { describe, expect, it } from 'vitest';
import type { TapBatchResponse } from '../../core/api/game';
import { balance } from '../../core/balance';
import { dropToastKind, summarizeDrops } from './drop-summary';

const base: Omit<TapBatchResponse, 'user'> = {
  gearDrops: [],
  telnetCoreDrops: [],
  levelsGained: 0,
  telnetGained: 0,
  lostDrops: 0,
  inventoryFull: false,
};
const user = {
  id: 1,
  loginId: 'a',
  username: 'a',
  level: 1,
  currentExp: 0,
  maxExp: 10,
  totalTaps: 0,
  telnet: 0,
  attack: 1,
  criticalRate: 5,
  bonusCriticalHit: 0,
  connectionRate: 10,
  itemDropRate: 0.1,
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
    expect(summary).toEqual({
      gear: [{ name: 'Raytrace GPU', rarity: 'rare' }],
      cores: [{ name: 'T-2' }],
      inventoryFull: false,
    });
  });

  it('flags a full inventory when a drop was lost', () => {
    expect(summarizeDrops({ ...base, user, lostDrops: 1 })?.inventoryFull).toBe(true);
    expect(summarizeDrops({ ...base, user, inventoryFull: true })?.inventoryFull).toBe(true);
  });
});

describe('dropToastKind (the full-inventory toast at most once a minute)', () => {
  const full = { gear: [], cores: [], inventoryFull: true };
  const fullWithLoot = { gear: [{ name: 'Raytrace GPU', rarity: 'rare' as const }], cores: [], inventoryFull: true };
  const t0 = 1_000_000;

  it('warns the first time and again once the gap has passed', () => {
    expect(dropToastKind(full, null, t0)).toBe('inventory-full');
    expect(dropToastKind(full, t0, t0 + balance.inventoryFullToastGapMs - 1)).toBeNull();
    expect(dropToastKind(full, t0, t0 + balance.inventoryFullToastGapMs)).toBe('inventory-full');
  });

  it('still shows what was kept inside the gap, and nothing for an empty batch', () => {
    expect(dropToastKind(fullWithLoot, t0, t0 + 1000)).toBe('loot');
    expect(dropToastKind(null, null, t0)).toBeNull();
    expect(dropToastKind({ ...fullWithLoot, inventoryFull: false }, t0, t0 + 1)).toBe('loot');
  });
});
