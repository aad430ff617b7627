import type { User } from '../../../core/api/common';
import type {
  BuyListingBody,
  CreateListingBody,
  ListingPage,
  ListingQuery,
  Listing,
  PriceList,
  PriceQuery,
  RemoveListingBody,
} from '../../../core/api/market';
import { balance } from '../../../core/balance';
import { listingExpiresAt, saleFee, validatePrice } from '../../../core/rules/market';
import { pricedItems } from '../../../core/rules/market-prices';
import { fillText, itemTexts } from '../../../core/texts';
import type { Database, Tx } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { HttpError } from '../../http/errors';
import { runIdempotent, type AfterCommit, type IdempotentOutcome } from '../../idempotency';
import { countItems, escrowItem, listItems, releaseEscrow } from '../../inventory';
import { scheduleJob, type Job } from '../../jobs';
import type { Bus } from '../../realtime/bus';
import { transfer } from '../../wallet';
import { listingRowFor, toListing, type ListedItem } from './listing-view';
import * as store from './store';
import { publishUserViews } from '../../realtime/user-views';

export interface MarketServiceDeps {
  database: Database;
  bus: Bus;
  now: () => number;
  /** A player as every view shows them (auth service), for user.updated after their Telnet moved. */
  userView(userId: number): Promise<User>;
}

const refuse = (status: number, message: string): never => {
  throw new HttpError(status, message, { success: false });
};

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

/** The Data Exchange (spec §7 Marketplace, ADR 016): escrowed listings, one-transaction sales, expiry on the jobs runner. */
export function createMarketService(deps: MarketServiceDeps) {
  const { database, bus, now } = deps;
  const publishEveryone = (event: Parameters<Bus['publish']>[0]['event']) =>
    bus.publish({ audience: { kind: 'everyone' }, event });
  const tellOwners = (
    userIds: number[],
    reason: 'market-listed' | 'market-bought' | 'market-sold' | 'market-returned',
  ) => bus.publish({ audience: { kind: 'users', userIds }, event: { t: 'inventory.changed', d: { reason } } });
  /** user.updated to each player whose Telnet a sale moved (their stats panels show the new balance). */
  const publishBalances = (userIds: number[]) => publishUserViews(deps, userIds);
  /** One market action per key; its body answers 200 (refusals throw), its effects follow the commit (ADR 079). */
  function once(
    userId: number,
    key: string,
    scope: string,
    request: unknown,
    work: (tx: Tx, afterCommit: AfterCommit) => Promise<unknown>,
  ): Promise<IdempotentOutcome> {
    return runIdempotent(database, { userId, key, scope, request, now: now() }, async (tx, afterCommit) => ({
      statusCode: 200,
      body: await work(tx, afterCommit),
    }));
  }

  const service = {
    create(userId: number, key: string, body: CreateListingBody) {
      return once(userId, key, 'market.create', body, async (tx, afterCommit) => {
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
          publishEveryone({ t: 'market.listingCreated', d: listing });
          tellOwners([userId], 'market-listed');
        });
        return {
          success: true,
          message: fillText(itemTexts.listingCreated, { name: listing.itemData.name, price: listing.price }),
          listing,
        };
      });
    },

    buy(buyerId: number, key: string, body: BuyListingBody) {
      return once(buyerId, key, 'market.buy', body, async (tx, afterCommit) => {
        // Lock order (ADR 044): buyer and seller by id, then the listing (its seller never changes).
        const sellerId = await store.sellerOf(tx, body.listingId);
        await lockPlayers(tx, sellerId === undefined ? [buyerId] : [buyerId, sellerId]);
        const row = await store.lockListing(tx, body.listingId);
        if (!row || row.status !== 'active' || row.expiresAt.getTime() <= now())
          return refuse(404, itemTexts.listingGone);
        if (row.sellerId === buyerId) return refuse(403, itemTexts.ownListing);
        // Refused before paying; releaseEscrow checks again under the players' locks.
        if ((await countItems(tx, [buyerId])).get(buyerId)! >= balance.inventoryCapacity)
          return refuse(409, itemTexts.buyerInventoryFull);
        const fee = saleFee(row.price);
        const paid = await transfer(tx, {
          fromUserId: buyerId,
          toUserId: row.sellerId,
          amount: row.price,
          reasons: { from: 'market-purchase', to: 'market-sale' },
          fee: { amount: fee, reason: 'market-fee' },
          reference: `listing:${row.id}`,
        });
        if (paid.kind === 'insufficient')
          return refuse(409, fillText(itemTexts.insufficientTelnet, { n: paid.shortBy }));
        const released = await releaseEscrow(tx, { escrowId: row.escrowId!, toUserId: buyerId });
        if (released.kind === 'full') return refuse(409, itemTexts.buyerInventoryFull);
        if (released.kind !== 'released') throw new Error(`listing ${row.id}: its escrow is gone`);
        await store.closeListing(tx, row.id, { status: 'sold', buyerId, at: new Date(now()) });
        afterCommit(() => {
          publishEveryone({
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
          tellOwners([buyerId], 'market-bought');
          tellOwners([row.sellerId], 'market-sold');
          void publishBalances([buyerId, row.sellerId]);
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
    },

    remove(userId: number, key: string, body: RemoveListingBody) {
      return once(userId, key, 'market.remove', body, async (tx, afterCommit) => {
        // Lock order (ADR 044): the player, then the listing; anyone else's listing is refused below.
        await lockPlayers(tx, [userId]);
        const row = await store.lockListing(tx, body.listingId);
        if (!row || row.status !== 'active') return refuse(404, itemTexts.listingGone);
        if (row.sellerId !== userId) return refuse(403, itemTexts.notYourListing);
        const released = await releaseEscrow(tx, { escrowId: row.escrowId!, toUserId: userId });
        if (released.kind !== 'released') throw new Error(`listing ${row.id}: its escrow is gone`);
        await store.closeListing(tx, row.id, { status: 'removed', at: new Date(now()) });
        afterCommit(() => {
          publishEveryone({
            t: 'market.listingRemoved',
            d: { listingId: row.id, sellerId: userId, itemName: row.itemName },
          });
          tellOwners([userId], 'market-returned');
        });
        return { success: true, message: fillText(itemTexts.listingRemoved, { name: row.itemName }) };
      });
    },

    async listings(query: ListingQuery): Promise<ListingPage> {
      const { rows, total } = await store.listingPage(database.db, query, new Date(now()));
      return { listings: rows.map(toListing), page: query.page, pageSize: query.pageSize, total };
    },

    /** The price reference of each item of a type (all items without one): cheapest listing, average of the last sales. */
    async prices(query: PriceQuery): Promise<PriceList> {
      const items = pricedItems(query.type);
      const rows = new Map(
        (
          await store.pricesOf(
            database.db,
            items.map((i) => i.itemName),
            new Date(now()),
            balance.marketPriceSampleSales,
          )
        ).map((r) => [r.item_name, r]),
      );
      return items.map((i) => {
        const row = rows.get(i.itemName);
        return {
          itemName: i.itemName,
          itemType: i.itemType,
          cheapest: row?.cheapest ?? null,
          averageSale: row?.average ?? null,
          sales: row?.sales ?? 0,
        };
      });
    },

    /** One page of the listings the player made or bought, for their data export (ADR 057). */
    exportPage: (userId: number, after: number, limit: number) => store.listingsPage(database.db, userId, after, limit),

    async myListings(userId: number): Promise<Listing[]> {
      return (await store.activeListingsOf(database.db, userId)).map(toListing);
    },

    /**
     * Closes a seller's active listings of these items and gives the items back to them, in the
     * caller's transaction (a reversed purchase takes its cores back, ADR 046). The caller holds the
     * seller's lock already (players first); each listing is then locked and read again. Returns
     * what to publish once the caller has committed.
     */
    async withdrawItems(
      tx: Tx,
      r: { sellerId: number; itemType: Listing['itemType']; itemIds: number[] },
    ): Promise<{ withdrawn: number; publish: () => void }> {
      const closed: { id: number; itemName: string }[] = [];
      for (const listingId of await store.listingIdsOfItems(tx, { ...r, status: 'active' })) {
        const row = await store.lockListing(tx, listingId);
        if (!row || row.status !== 'active' || row.sellerId !== r.sellerId) continue;
        const released = await releaseEscrow(tx, { escrowId: row.escrowId!, toUserId: r.sellerId });
        if (released.kind !== 'released') throw new Error(`listing ${row.id}: its escrow is gone`);
        await store.closeListing(tx, row.id, { status: 'removed', at: new Date(now()) });
        closed.push({ id: row.id, itemName: row.itemName });
      }
      const publish = () => {
        for (const l of closed)
          publishEveryone({
            t: 'market.listingRemoved',
            d: { listingId: l.id, sellerId: r.sellerId, itemName: l.itemName },
          });
        if (closed.length > 0) tellOwners([r.sellerId], 'market-returned');
      };
      return { withdrawn: closed.length, publish };
    },

    /**
     * Withdraws every active listing of a deleted account (ADR 057), items back to it, in the
     * caller's transaction that holds the seller's lock; the caller destroys the items next.
     */
    async withdrawAllOf(tx: Tx, sellerId: number): Promise<{ withdrawn: number; publish: () => void }> {
      const active = await store.activeListingsOf(tx, sellerId);
      const parts: { withdrawn: number; publish: () => void }[] = [];
      // One item type after the other: the listings are locked one at a time, in one order.
      for (const itemType of ['gear', 'telnet-core'] as const) {
        const itemIds = active.filter((l) => l.itemType === itemType).map((l) => l.itemId);
        if (itemIds.length > 0) parts.push(await service.withdrawItems(tx, { sellerId, itemType, itemIds }));
      }
      return {
        withdrawn: parts.reduce((n, p) => n + p.withdrawn, 0),
        publish: () => parts.forEach((p) => p.publish()),
      };
    },

    /** The ledger references of a seller's sales of these items ('listing:<id>', the sale's and fee's rows). */
    async saleReferences(
      tx: Tx,
      r: { sellerId: number; itemType: Listing['itemType']; itemIds: number[] },
    ): Promise<string[]> {
      return (await store.listingIdsOfItems(tx, { ...r, status: 'sold' })).map((id) => `listing:${id}`);
    },

    /** The jobs runner's 'market.listingExpired': an unsold item goes back to its seller, once. */
    async expire(tx: Tx, job: Job<'market.listingExpired', { listingId: number }>): Promise<void | (() => void)> {
      const sellerId = await store.sellerOf(tx, job.payload.listingId);
      if (sellerId === undefined) return;
      await lockPlayers(tx, [sellerId]);
      const row = await store.lockListing(tx, job.payload.listingId);
      if (!row || row.status !== 'active') return; // sold or removed first: nothing to return
      const released = await releaseEscrow(tx, { escrowId: row.escrowId!, toUserId: row.sellerId });
      if (released.kind !== 'released') throw new Error(`listing ${row.id}: its escrow is gone`);
      await store.closeListing(tx, row.id, { status: 'expired', at: job.claimedAt });
      return () => {
        publishEveryone({
          t: 'market.listingExpired',
          d: { listingId: row.id, sellerId: row.sellerId, itemName: row.itemName },
        });
        tellOwners([row.sellerId], 'market-returned');
      };
    },
  };
  return service;
}

export type MarketService = ReturnType<typeof createMarketService>;
export type { IdempotentOutcome };
