import { and, asc, count, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ListingQuery } from '../../../core/api/market';
import { containsPattern, normalizeSearch } from '../../../core/rules/market';
import { intArray } from '../../db/param-sets';
import type { Executor, Tx } from '../../db/connect';
import { noteFeatureRowLocked } from '../../db/lock-players';
import { rowsOf } from '../../db/rows';
import { marketListings, users } from '../../db/schema';

export type ListingRow = typeof marketListings.$inferSelect & { sellerUsername: string };
export type NewListing = Omit<
  typeof marketListings.$inferInsert,
  'id' | 'status' | 'buyerId' | 'closedAt' | 'escrowId'
>;

const withSeller = { listing: marketListings, sellerUsername: users.username };
const flatten = (r: { listing: typeof marketListings.$inferSelect; sellerUsername: string }): ListingRow => ({
  ...r.listing,
  sellerUsername: r.sellerUsername,
});

export async function sellerName(tx: Executor, userId: number): Promise<string> {
  const [row] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row!.username;
}

export async function insertListing(tx: Tx, row: NewListing): Promise<number> {
  const [inserted] = await tx.insert(marketListings).values(row).returning({ id: marketListings.id });
  return inserted!.id;
}

export async function setEscrow(tx: Tx, listingId: number, escrowId: number): Promise<void> {
  await tx.update(marketListings).set({ escrowId }).where(eq(marketListings.id, listingId));
}

/** A listing's seller (never changes), read without a lock so the players can be locked first. */
export async function sellerOf(tx: Tx, listingId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ sellerId: marketListings.sellerId })
    .from(marketListings)
    .where(eq(marketListings.id, listingId));
  return row?.sellerId;
}

/**
 * Locks a listing's row: of a buy, a remove and an expiry racing for one listing, the first to lock
 * decides and the others read the status it left.
 */
export async function lockListing(tx: Tx, listingId: number): Promise<ListingRow | undefined> {
  noteFeatureRowLocked(tx);
  const [row] = await tx
    .select(withSeller)
    .from(marketListings)
    .innerJoin(users, eq(users.id, marketListings.sellerId))
    .where(eq(marketListings.id, listingId))
    .for('update', { of: marketListings });
  return row && flatten(row);
}

export async function closeListing(
  tx: Tx,
  listingId: number,
  close: { status: 'sold' | 'removed' | 'expired'; buyerId?: number; at: Date },
) {
  await tx
    .update(marketListings)
    .set({ status: close.status, buyerId: close.buyerId ?? null, closedAt: close.at })
    .where(and(eq(marketListings.id, listingId), eq(marketListings.status, 'active')));
}

function filters(query: ListingQuery, now: Date): SQL {
  const q = normalizeSearch(query.q);
  const parts: (SQL | undefined)[] = [eq(marketListings.status, 'active'), gt(marketListings.expiresAt, now)];
  if (q) parts.push(ilike(marketListings.searchText, containsPattern(q)));
  if (query.type) parts.push(eq(marketListings.filterType, query.type));
  if (query.rarity) parts.push(eq(marketListings.rarity, query.rarity));
  return and(...parts)!;
}

const orders = {
  newest: [desc(marketListings.id)],
  'price-asc': [asc(marketListings.price), desc(marketListings.id)],
  'price-desc': [desc(marketListings.price), desc(marketListings.id)],
} as const;

/** One page of active, unexpired listings in a stable order (ties by id) and the total that match. */
export async function listingPage(
  tx: Executor,
  query: ListingQuery,
  now: Date,
): Promise<{ rows: ListingRow[]; total: number }> {
  const where = filters(query, now);
  const rows = await tx
    .select(withSeller)
    .from(marketListings)
    .innerJoin(users, eq(users.id, marketListings.sellerId))
    .where(where)
    .orderBy(...orders[query.sort])
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await tx.select({ n: count() }).from(marketListings).where(where);
  return { rows: rows.map(flatten), total: Number(total!.n) };
}

/**
 * Per item name: the cheapest active, unexpired listing and the rounded average of the latest `sample`
 * sales. Each part reads at most `sample` rows of one partial index per name, however big the market.
 */
export async function pricesOf(tx: Executor, names: readonly string[], now: Date, sample: number): Promise<PriceRow[]> {
  if (names.length === 0) return [];
  const result = await tx.execute(sql`
    SELECT k.name AS item_name,
      (SELECT l.price FROM ${marketListings} l
        WHERE l.item_name = k.name AND l.status = 'active' AND l.expires_at > ${now.toISOString()}
        ORDER BY l.price LIMIT 1) AS cheapest,
      s.average, s.sales
    FROM (VALUES ${sql.join(
      names.map((n) => sql`(${n}::text)`),
      sql`, `,
    )}) AS k(name)
    CROSS JOIN LATERAL (
      SELECT round(avg(t.price))::int AS average, count(*)::int AS sales
      FROM (SELECT l.price FROM ${marketListings} l
        WHERE l.item_name = k.name AND l.status = 'sold'
        ORDER BY l.closed_at DESC NULLS LAST, l.id DESC NULLS LAST LIMIT ${sample}) t
    ) s`);
  return rowsOf<PriceRow>(result).map((r) => ({
    ...r,
    cheapest: r.cheapest === null ? null : Number(r.cheapest),
    average: r.average === null ? null : Number(r.average),
    sales: Number(r.sales),
  }));
}

export type PriceRow = { item_name: string; cheapest: number | null; average: number | null; sales: number };

/** A seller's active listings, expired-but-not-yet-returned included, newest first. */
export async function activeListingsOf(tx: Executor, sellerId: number): Promise<ListingRow[]> {
  const rows = await tx
    .select(withSeller)
    .from(marketListings)
    .innerJoin(users, eq(users.id, marketListings.sellerId))
    .where(and(eq(marketListings.sellerId, sellerId), eq(marketListings.status, 'active')))
    .orderBy(desc(marketListings.id));
  return rows.map(flatten);
}

/** Ids of a seller's listings of these items in one status (a reversed purchase's cores, ADR 046); no locks. */
export async function listingIdsOfItems(
  tx: Executor,
  r: { sellerId: number; itemType: ListingRow['itemType']; itemIds: number[]; status: 'active' | 'sold' },
): Promise<number[]> {
  if (r.itemIds.length === 0) return [];
  const rows = await tx
    .select({ id: marketListings.id })
    .from(marketListings)
    .where(
      and(
        eq(marketListings.sellerId, r.sellerId),
        eq(marketListings.itemType, r.itemType),
        inArray(marketListings.itemId, r.itemIds),
        eq(marketListings.status, r.status),
      ),
    )
    .orderBy(marketListings.id);
  return rows.map((row) => row.id);
}

/** A sold listing's item and its two parties (an operator's reversal hands the item back, ADR 060). */
export async function soldListing(tx: Executor, listingId: number) {
  const [row] = await tx
    .select({
      sellerId: marketListings.sellerId,
      buyerId: marketListings.buyerId,
      itemType: marketListings.itemType,
      itemId: marketListings.itemId,
    })
    .from(marketListings)
    .where(and(eq(marketListings.id, listingId), eq(marketListings.status, 'sold')));
  return row;
}

/** The names of these listings' items (a page of the activity log at most). */
export function listingNames(tx: Executor, listingIds: readonly number[]) {
  return tx
    .select({ id: marketListings.id, itemName: marketListings.itemName, rarity: marketListings.rarity })
    .from(marketListings)
    .where(sql`${marketListings.id} = any(${intArray(listingIds)})`);
}

/** Listings the player made or bought, any status. */
export function listingsPage(db: Executor, userId: number, after: number, limit: number) {
  return db
    .select({
      id: marketListings.id,
      role: sql<'seller' | 'buyer'>`CASE WHEN ${marketListings.sellerId} = ${userId} THEN 'seller' ELSE 'buyer' END`,
      itemType: marketListings.itemType,
      itemName: marketListings.itemName,
      price: marketListings.price,
      status: marketListings.status,
      createdAt: marketListings.createdAt,
      closedAt: marketListings.closedAt,
    })
    .from(marketListings)
    .where(
      and(or(eq(marketListings.sellerId, userId), eq(marketListings.buyerId, userId)), gt(marketListings.id, after)),
    )
    .orderBy(asc(marketListings.id))
    .limit(limit);
}
