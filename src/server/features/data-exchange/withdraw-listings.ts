import type { Listing } from '../../../core/api/market';
import type { Tx } from '../../db/connect';
import type { AfterCommit } from '../../idempotency';
import { releaseEscrow } from '../../inventory';
import type { MarketContext } from './market-context';
import * as store from './store';

type ItemsOfSeller = { sellerId: number; itemType: Listing['itemType']; itemIds: number[] };

/**
 * Closes a seller's active listings of these items and gives the items back to them, in the
 * caller's transaction (a reversed purchase takes its cores back, ADR 046). The caller holds the
 * seller's lock already (players first); each listing is then locked and read again. What to publish
 * goes to the caller's `afterCommit` (ADR 079).
 */
export async function withdrawItems(
  ctx: MarketContext,
  tx: Tx,
  r: ItemsOfSeller,
  afterCommit: AfterCommit,
): Promise<{ withdrawn: number }> {
  const closed: { id: number; itemName: string }[] = [];
  for (const listingId of await store.listingIdsOfItems(tx, { ...r, status: 'active' })) {
    const row = await store.lockListing(tx, listingId);
    if (!row || row.status !== 'active' || row.sellerId !== r.sellerId) continue;
    const released = await releaseEscrow(tx, { escrowId: row.escrowId!, toUserId: r.sellerId });
    if (released.kind !== 'released') throw new Error(`listing ${row.id}: its escrow is gone`);
    await store.closeListing(tx, row.id, { status: 'removed', at: new Date(ctx.deps.now()) });
    closed.push({ id: row.id, itemName: row.itemName });
  }
  afterCommit(() => {
    for (const l of closed)
      ctx.publishEveryone({
        t: 'market.listingRemoved',
        d: { listingId: l.id, sellerId: r.sellerId, itemName: l.itemName },
      });
    if (closed.length > 0) ctx.tellOwners([r.sellerId], 'market-returned');
  });
  return { withdrawn: closed.length };
}

/**
 * Withdraws every active listing of a deleted account (ADR 057), items back to it, in the
 * caller's transaction that holds the seller's lock; the caller destroys the items next.
 */
export async function withdrawAllOf(
  ctx: MarketContext,
  tx: Tx,
  sellerId: number,
  afterCommit: AfterCommit,
): Promise<{ withdrawn: number }> {
  const active = await store.activeListingsOf(tx, sellerId);
  let withdrawn = 0;
  // One item type after the other: the listings are locked one at a time, in one order.
  for (const itemType of ['gear', 'telnet-core'] as const) {
    const itemIds = active.filter((l) => l.itemType === itemType).map((l) => l.itemId);
    if (itemIds.length > 0)
      withdrawn += (await withdrawItems(ctx, tx, { sellerId, itemType, itemIds }, afterCommit)).withdrawn;
  }
  return { withdrawn };
}

/** The ledger references of a seller's sales of these items ('listing:<id>', the sale's and fee's rows). */
export async function saleReferences(tx: Tx, r: ItemsOfSeller): Promise<string[]> {
  return (await store.listingIdsOfItems(tx, { ...r, status: 'sold' })).map((id) => `listing:${id}`);
}
