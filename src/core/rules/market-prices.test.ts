import { describe, expect, it } from 'vitest';
import { PriceQuery } from '../api/market';
import { gearTypes, rarities } from '../items';
import { balanceAfter, pricedItems } from './market-prices';
import { makeGear } from './drops';

describe('the market price reference', () => {
  it('prices 21 items: each gear type in each rarity by its one name, and the five core types', () => {
    const all = pricedItems();
    expect(all).toHaveLength(gearTypes.length * rarities.length + 5);
    expect(new Set(all.map((i) => i.itemName)).size).toBe(all.length);
    // A listing finds its reference by its own name, whatever the gear's level.
    for (const type of gearTypes)
      for (const rarity of rarities)
        for (const level of [1, 40]) {
          expect(all).toContainEqual({
            itemName: makeGear(type, rarity, level).name,
            itemType: 'gear',
            filterType: type,
          });
        }
    expect(pricedItems('telnet-core').map((i) => i.itemName)).toEqual([
      'T-1 Telnet Core',
      'T-2 Telnet Core',
      'T-3 Telnet Core',
      'T-4 Telnet Core',
      'T-5 Telnet Core',
    ]);
    expect(pricedItems('ram')).toHaveLength(rarities.length);
  });

  it('shows the balance after a buy, never below zero', () => {
    expect(balanceAfter(500, 40)).toBe(460);
    expect(balanceAfter(30, 40)).toBe(0);
  });

  it('takes only a known type in the query', () => {
    expect(PriceQuery.parse({})).toEqual({});
    expect(PriceQuery.parse({ type: 'storage' })).toEqual({ type: 'storage' });
    for (const bad of [{ type: 'kernel' }, { type: '' }, { type: ['cpu'] }, { sort: 'price-asc' }])
      expect(PriceQuery.safeParse(bad).success).toBe(false);
  });
});
