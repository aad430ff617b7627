import { describe, expect, it } from 'vitest';
import type { Gear, TelnetCore } from '../../../core/api/inventory';
import type { Listing } from '../../../core/api/market';
import {
  buyState,
  daysLeftLabel,
  defaultFilters,
  aboveLevel,
  listingFacts,
  priceReferenceLine,
  listingsPath,
  proceedsLine,
  sellableCores,
  sellableGear,
  withFilter,
} from './data-exchange-model';

const day = 86_400_000;
const now = Date.UTC(2026, 10, 23, 12);
const listing = (over: Partial<Listing> = {}): Listing =>
  ({
    id: 1,
    itemType: 'gear',
    itemId: 5,
    itemData: { name: 'Eidetic RAM', description: '', type: 'ram', rarity: 'legendary', level: 12, statValue: 48 },
    price: 100,
    sellerId: 2,
    sellerUsername: 'neo',
    createdAt: new Date(now - day).toISOString(),
    expiresAt: new Date(now + 6 * day).toISOString(),
    ...over,
  }) as Listing;

describe('data exchange model', () => {
  it('asks the server only for what is set, and starts again at page 1 on a new filter', () => {
    expect(listingsPath(defaultFilters)).toBe('/api/marketplace/listings?pageSize=20');
    const filtered = withFilter(
      { ...defaultFilters, page: 4 },
      { q: '  void ', type: 'gpu', rarity: 'epic', sort: 'price-asc' },
    );
    expect(filtered.page).toBe(1);
    expect(listingsPath({ ...filtered, page: 2 })).toBe(
      '/api/marketplace/listings?q=void&type=gpu&rarity=epic&sort=price-asc&page=2&pageSize=20',
    );
  });

  it("shows 'YOUR ITEM' on the player's own listing (spec §5) and BUY otherwise", () => {
    expect(buyState(listing(), { id: 2, telnet: 1000 }, now)).toEqual({ kind: 'own' });
    expect(buyState(listing(), { id: 3, telnet: 1000 }, now)).toEqual({ kind: 'buy' });
    expect(buyState(listing(), { id: 3, telnet: 60 }, now)).toEqual({ kind: 'short', missing: 40 });
    expect(buyState(listing({ expiresAt: new Date(now).toISOString() }), { id: 3, telnet: 1000 }, now)).toEqual({
      kind: 'expired',
    });
  });

  it('shows days left (spec §9)', () => {
    expect(daysLeftLabel(new Date(now + 6 * day).toISOString(), now)).toBe('6 days left');
    expect(daysLeftLabel(new Date(now + 3_600_000).toISOString(), now)).toBe('1 day left');
    expect(daysLeftLabel(new Date(now - 1).toISOString(), now)).toBe('expired');
  });

  it('describes gear with the shared stat reading', () => {
    expect(listingFacts(listing())).toBe('RAM · LV.12 · LEGENDARY · +4.8% CRIT');
    expect(
      listingFacts(
        listing({
          itemType: 'telnet-core',
          itemData: { name: 'T-3 Telnet Core', coreTypeId: 3, coreTypeName: 'T-3' },
        } as Partial<Listing>),
      ),
    ).toBe('TELNET CORE');
  });

  it('offers only unequipped, unlisted items for sale (spec §4)', () => {
    const g = (over: Partial<Gear>): Gear => ({
      id: 1,
      type: 'cpu',
      name: 'x',
      description: '',
      rarity: 'rare',
      level: 1,
      statValue: 3,
      isEquipped: false,
      listingId: null,
      ...over,
    });
    const c = (over: Partial<TelnetCore>): TelnetCore => ({
      id: 9,
      coreTypeId: 2,
      coreType: { name: 'T-2' },
      isOpened: false,
      isUsed: false,
      telnetRewarded: null,
      listingId: null,
      ...over,
    });
    expect(
      sellableGear([g({ id: 1 }), g({ id: 2, isEquipped: true }), g({ id: 3, listingId: 7 })]).map((i) => i.itemId),
    ).toEqual([1]);
    expect(sellableCores([c({ id: 9 }), c({ id: 10, listingId: 1 })]).map((i) => i.name)).toEqual(['T-2 Telnet Core']);
  });

  it('tells the seller what the fee leaves them', () => {
    expect(proceedsLine(1000)).toBe('You receive 950 Telnet (fee 50).');
    expect(proceedsLine(10)).toBe('You receive 9 Telnet (fee 1).');
    expect(proceedsLine(1)).toBe('You receive 0 Telnet (fee 1).');
  });

  it('reads the price reference in words, with or without listings and sales', () => {
    const ref = { itemName: 'Eidetic RAM', itemType: 'gear' as const };
    expect(priceReferenceLine(undefined)).toBeNull();
    expect(priceReferenceLine({ ...ref, cheapest: null, averageSale: null, sales: 0 })).toBe(
      'NONE LISTED · NO SALES YET',
    );
    expect(priceReferenceLine({ ...ref, cheapest: 120, averageSale: 95, sales: 1 })).toBe('LOWEST 120 · LAST SALE 95');
    expect(priceReferenceLine({ ...ref, cheapest: 120, averageSale: 110, sales: 10 })).toBe(
      'LOWEST 120 · AVG OF LAST 10 SALES 110',
    );
  });

  it('warns about gear above the player level, never about cores', () => {
    expect(aboveLevel(listing(), 11)).toBe(12);
    expect(aboveLevel(listing(), 12)).toBeNull();
    expect(
      aboveLevel(
        listing({
          itemType: 'telnet-core',
          itemData: { name: 'T-3 Telnet Core', coreTypeId: 3, coreTypeName: 'T-3' },
        } as Partial<Listing>),
        1,
      ),
    ).toBeNull();
  });
});
