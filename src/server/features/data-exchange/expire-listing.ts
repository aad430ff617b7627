import type { Tx } from '../../db/connect';
import type { AfterCommit } from '../../idempotency/after-commit';
import { lockPlayers } from '../../db/lock-players';
import { releaseEscrow } from '../../inventory';
import type { Job } from '../../jobs';
import type { MarketContext } from './market-context';
import * as store from './store';

/** The jobs runner's 'market.listingExpired': an unsold item goes back to its seller, once. */
export async function expireListing(
  ctx: MarketContext,
  tx: Tx,
  job: Job<'market.listingExpired', { listingId: number }>,
  afterCommit: AfterCommit,
): Promise<void> {
  const sellerId = await store.sellerOf(tx, job.payload.listingId);
  if (sellerId === undefined) return;
  await lockPlayers(tx, [sellerId]);
  const row = await store.lockListing(tx, job.payload.listingId);
  if (!row || row.status !== 'active') return; // sold or removed first: nothing to return
  const released = await releaseEscrow(tx, { escrowId: row.escrowId!, toUserId: row.sellerId });
  if (released.kind !== 'released') throw new Error(`listing ${row.id}: its escrow is gone`);
  await store.closeListing(tx, row.id, { status: 'expired', at: job.claimedAt });
  afterCommit(() => {
    ctx.publishEveryone({
      t: 'market.listingExpired',
      d: { listingId: row.id, sellerId: row.sellerId, itemName: row.itemName },
    });
    ctx.tellOwners([row.sellerId], 'market-returned');
  });
}
