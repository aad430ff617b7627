import type { RemoveListingBody } from '../../../core/api/market';
import { fillText, itemTexts } from '../../../core/texts';
import { lockPlayers } from '../../db/lock-players';
import { releaseEscrow } from '../../inventory';
import { refuse, type MarketContext } from './market-context';
import * as store from './store';

/** The seller takes a listing down: the escrowed item comes back to them. */
export function removeListing(ctx: MarketContext, userId: number, key: string, body: RemoveListingBody) {
  const { now } = ctx.deps;
  return ctx.once(userId, key, 'market.remove', body, async (tx, afterCommit) => {
    // Lock order (ADR 044): the player, then the listing; anyone else's listing is refused below.
    await lockPlayers(tx, [userId]);
    const row = await store.lockListing(tx, body.listingId);
    if (!row || row.status !== 'active') return refuse(404, itemTexts.listingGone);
    if (row.sellerId !== userId) return refuse(403, itemTexts.notYourListing);
    const released = await releaseEscrow(tx, { escrowId: row.escrowId!, toUserId: userId });
    if (released.kind !== 'released') throw new Error(`listing ${row.id}: its escrow is gone`);
    await store.closeListing(tx, row.id, { status: 'removed', at: new Date(now()) });
    afterCommit(() => {
      ctx.publishEveryone({
        t: 'market.listingRemoved',
        d: { listingId: row.id, sellerId: userId, itemName: row.itemName },
      });
      ctx.tellOwners([userId], 'market-returned');
    });
    return { success: true, message: fillText(itemTexts.listingRemoved, { name: row.itemName }) };
  });
}
