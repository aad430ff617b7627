import { describe, expect, it } from 'vitest';
import { balance } from '../balance';
import { parseServerEvent } from './events';
import { BulkDestroyBody, DestroyGearBody, EquipBody, UseCoreParams } from './inventory';
import { BuyListingBody, CreateListingBody, ListingQuery } from './market';

const bad = [0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, '7', null, Number.NaN];

describe('inventory and market contracts refuse what the server must never see', () => {
  it.each(bad)('refuses the id %s in every body', (id) => {
    expect(EquipBody.safeParse({ gearId: id, equip: true }).success).toBe(false);
    expect(DestroyGearBody.safeParse({ gearId: id }).success).toBe(false);
    expect(BuyListingBody.safeParse({ listingId: id }).success).toBe(false);
    expect(CreateListingBody.safeParse({ itemType: 'gear', itemId: id, price: 5 }).success).toBe(false);
  });

  it('accepts the int4 range and refuses extra, missing or mistyped fields', () => {
    expect(BuyListingBody.safeParse({ listingId: 2 ** 31 - 1 }).success).toBe(true);
    expect(BuyListingBody.safeParse({ listingId: 3, price: 1 }).success).toBe(false);
    expect(EquipBody.safeParse({ gearId: 3 }).success).toBe(false);
    expect(EquipBody.safeParse({ gearId: 3, equip: 'true' }).success).toBe(false);
    expect(CreateListingBody.safeParse({ itemType: 'kernel-bit', itemId: 3, price: 5 }).success).toBe(false);
    expect(CreateListingBody.safeParse({ itemType: 'gear', itemId: 3, price: '5' }).success).toBe(false);
  });

  it('bounds a bulk destroy to 1–50 items of a known kind', () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ kind: 'gear', id: i + 1 }));
    expect(BulkDestroyBody.safeParse({ items: [] }).success).toBe(false);
    expect(BulkDestroyBody.safeParse({ items: items(balance.bulkDestroyMax) }).success).toBe(true);
    expect(BulkDestroyBody.safeParse({ items: items(balance.bulkDestroyMax + 1) }).success).toBe(false);
    expect(BulkDestroyBody.safeParse({ items: [{ kind: 'ram', id: 1 }] }).success).toBe(false);
  });

  it('reads a core id from the path', () => {
    expect(UseCoreParams.parse({ id: '17' })).toEqual({ id: 17 });
    expect(UseCoreParams.safeParse({ id: '1.5' }).success).toBe(false);
    expect(UseCoreParams.safeParse({ id: '2147483648' }).success).toBe(false);
  });

  it('defaults and bounds the marketplace query', () => {
    expect(ListingQuery.parse({})).toEqual({ sort: 'newest', page: 1, pageSize: balance.marketPageSize });
    expect(
      ListingQuery.parse({ type: 'storage', rarity: 'epic', sort: 'price-asc', page: '3', pageSize: '50' }),
    ).toMatchObject({ page: 3, pageSize: 50 });
    expect(ListingQuery.safeParse({ pageSize: '51' }).success).toBe(false);
    expect(ListingQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(ListingQuery.safeParse({ q: 'x'.repeat(balance.marketSearchMaxLength + 1) }).success).toBe(false);
    expect(ListingQuery.safeParse({ type: 'kernel' }).success).toBe(false);
    expect(ListingQuery.safeParse({ offset: '1' }).success).toBe(false);
  });

  it('parses the market socket events', () => {
    const sold = {
      t: 'market.listingSold',
      v: 1,
      d: { listingId: 4, sellerId: 1, buyerId: 2, itemType: 'gear', itemName: 'Eidetic RAM', price: 100, fee: 5 },
    };
    expect(parseServerEvent(JSON.stringify(sold))?.t).toBe('market.listingSold');
    expect(parseServerEvent({ t: 'inventory.changed', v: 2, d: { reason: 'market-returned' } })?.t).toBe(
      'inventory.changed',
    );
    expect(parseServerEvent({ t: 'inventory.changed', v: 2, d: { reason: 'stolen' } })).toBeNull();
  });
});
