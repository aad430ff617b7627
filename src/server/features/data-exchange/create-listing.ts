import type { CreateListingBody } from '../../../core/api/market';
import { listingExpiresAt, validatePrice } from '../../../core/rules/market';
import { fillText, itemTexts } from '../../../core/texts';
import type { Tx } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { escrowItem, listItems } from '../../inventory';
import { scheduleJob } from '../../jobs';
import { listingRowFor, toListing, type ListedItem } from './listing-view';
import { refuse, type MarketContext } from './market-context';
import * as store from './store';

/** Inventory refusals for an item being listed, in the contract's words. */
const escrowRefusal = {
  'not-found': [404, itemTexts.itemNotFound],
  'in-escrow': [409, itemTexts.itemListed],
  equipped: [409, itemTexts.unequipBeforeSelling],
  used: [409, itemTexts.coreAlreadyOpened],
} as const;

async function findHeldItem(tx: Tx, userId: number, body: CreateListingBody): Promise<ListedItem | undefined> {
  const held = await listItems(tx, userId);
  if (body.itemType === 'gear') {
    const g = held.gear.find((x) => x.id === body.itemId);
    return (
      g && {
        kind: 'gear',
        id: g.id,
        name: g.name,
        description: g.description,
        type: g.type,
        rarity: g.rarity,
        level: g.level,
        statValue: g.statValue,
      }
    );
  }
  const c = held.cores.find((x) => x.id === body.itemId);
  return c && { kind: 'telnet-core', id: c.id, coreTypeId: c.coreTypeId };
}

/** Lists a held item: escrowed under the listing's id, its expiry on the jobs runner (ADR 016). */
export function createListing(ctx: MarketContext, userId: number, key: string, body: CreateListingBody) {
  const { now } = ctx.deps;
  return ctx.once(userId, key, 'market.create', body, async (tx, afterCommit) => {
    const price = validatePrice(body.price);
    if (!price.ok) return refuse(400, price.message);
    // Lock order (ADR 044): the seller first; the escrow below then takes no first lock.
    await lockPlayers(tx, [userId]);
    const item = await findHeldItem(tx, userId, body);
    const createdAt = now();
    const seller = { id: userId, username: await store.sellerName(tx, userId) };
    // The row first, for its id as the escrow's reference; a refusal below rolls both back.
    const listingId = item
      ? await store.insertListing(
          tx,
          listingRowFor(item, seller, price.price, new Date(createdAt), new Date(listingExpiresAt(createdAt))),
        )
      : 0;
    const escrow = await escrowItem(tx, {
      userId,
      item: { kind: body.itemType === 'gear' ? 'gear' : 'core', id: body.itemId },
      purpose: 'market-listing',
      reference: `listing:${listingId}`,
    });
    if (escrow.kind !== 'escrowed') return refuse(escrowRefusal[escrow.kind][0], escrowRefusal[escrow.kind][1]);
    if (!item) return refuse(409, itemTexts.listFailed); // it arrived between the read and the lock: try again
    await store.setEscrow(tx, listingId, escrow.escrowId);
    await scheduleJob(tx, {
      kind: 'market.listingExpired',
      payload: { listingId },
      runAt: listingExpiresAt(createdAt),
      dedupeKey: `listing:${listingId}`,
    });
    const listing = toListing((await store.lockListing(tx, listingId))!);
    afterCommit(() => {
      ctx.publishEveryone({ t: 'market.listingCreated', d: listing });
      ctx.tellOwners([userId], 'market-listed');
    });
    return {
      success: true,
      message: fillText(itemTexts.listingCreated, { name: listing.itemData.name, price: listing.price }),
      listing,
    };
  });
}
