import type { BuyListingBody } from '../../../core/api/market';
import { balance } from '../../../core/balance';
import { saleFee } from '../../../core/rules/market';
import { fillText, itemTexts } from '../../../core/texts';
import { lockPlayers } from '../../db/lock-players';
import { countItems, releaseEscrow } from '../../inventory';
import { transfer } from '../../wallet';
import { refuse, type MarketContext } from './market-context';
import * as store from './store';

/** A sale in one transaction: the buyer pays the seller (less the fee) and gets the escrowed item. */
export function buyListing(ctx: MarketContext, buyerId: number, key: string, body: BuyListingBody) {
  const { now } = ctx.deps;
  return ctx.once(buyerId, key, 'market.buy', body, async (tx, afterCommit) => {
    // Lock order (ADR 044): buyer and seller by id, then the listing (its seller never changes).
    const sellerId = await store.sellerOf(tx, body.listingId);
    await lockPlayers(tx, sellerId === undefined ? [buyerId] : [buyerId, sellerId]);
    // The buyer's item count (their row is locked) goes out with the listing's lock: one round trip (ADR 078).
    const [row, held] = await Promise.all([store.lockListing(tx, body.listingId), countItems(tx, [buyerId])]);
    if (!row || row.status !== 'active' || row.expiresAt.getTime() <= now()) return refuse(404, itemTexts.listingGone);
    if (row.sellerId === buyerId) return refuse(403, itemTexts.ownListing);
    // Refused before paying; releaseEscrow checks again under the players' locks.
    if (held.get(buyerId)! >= balance.inventoryCapacity) return refuse(409, itemTexts.buyerInventoryFull);
    const fee = saleFee(row.price);
    const paid = await transfer(tx, {
      fromUserId: buyerId,
      toUserId: row.sellerId,
      amount: row.price,
      reasons: { from: 'market-purchase', to: 'market-sale' },
      fee: { amount: fee, reason: 'market-fee' },
      reference: `listing:${row.id}`,
    });
    if (paid.kind === 'insufficient') return refuse(409, fillText(itemTexts.insufficientTelnet, { n: paid.shortBy }));
    // Sent together; a refusal below rolls both back with the payment.
    const [released] = await Promise.all([
      releaseEscrow(tx, { escrowId: row.escrowId!, toUserId: buyerId }),
      store.closeListing(tx, row.id, { status: 'sold', buyerId, at: new Date(now()) }),
    ]);
    if (released.kind === 'full') return refuse(409, itemTexts.buyerInventoryFull);
    if (released.kind !== 'released') throw new Error(`listing ${row.id}: its escrow is gone`);
    afterCommit(() => {
      ctx.publishEveryone({
        t: 'market.listingSold',
        d: {
          listingId: row.id,
          sellerId: row.sellerId,
          buyerId,
          itemType: row.itemType,
          itemName: row.itemName,
          price: row.price,
          fee,
        },
      });
      ctx.tellOwners([buyerId], 'market-bought');
      ctx.tellOwners([row.sellerId], 'market-sold');
      void ctx.publishBalances([buyerId, row.sellerId]);
    });
    return {
      success: true,
      message: fillText(itemTexts.listingBought, { name: row.itemName, price: row.price }),
      listingId: row.id,
      itemType: row.itemType,
      itemId: row.itemId,
      price: row.price,
    };
  });
}
