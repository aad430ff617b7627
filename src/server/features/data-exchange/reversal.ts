import { Rarity, rarityWord } from '../../../core/items';
import type { Executor } from '../../db/connect';
import type { ItemRef } from '../../inventory';
import * as store from './store';

/**
 * The item a market sale (`listing:<id>`) moved, from whom to whom: an operator's reversal of the sale
 * hands it back to the seller through the inventory (ADR 060). Undefined for anything but a sale.
 */
export async function itemSoldBy(
  executor: Executor,
  reference: string,
): Promise<{ item: ItemRef; sellerId: number; buyerId: number } | undefined> {
  const match = /^listing:(\d{1,10})$/.exec(reference);
  if (!match) return undefined;
  const row = await store.soldListing(executor, Number(match[1]));
  if (!row || row.buyerId === null) return undefined;
  return {
    item: { kind: row.itemType === 'gear' ? 'gear' : 'core', id: row.itemId },
    sellerId: row.sellerId,
    buyerId: row.buyerId,
  };
}

/** What each sold listing sold, as the activity log names it: the rarity word, then the item's name. */
export async function soldItemNames(
  executor: Executor,
  listingIds: readonly number[],
): Promise<ReadonlyMap<number, string>> {
  if (listingIds.length === 0) return new Map();
  const rows = await store.listingNames(executor, listingIds);
  return new Map(
    rows.map((r) => {
      const rarity = Rarity.safeParse(r.rarity);
      return [r.id, rarity.success ? `${rarityWord(rarity.data)} ${r.itemName}` : r.itemName];
    }),
  );
}
