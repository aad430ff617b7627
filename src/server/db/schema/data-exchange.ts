import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { escrows } from './escrows';
import { users } from './users';

/**
 * Data Exchange listings (spec §3, ADR 016). The item itself sits in the escrow (src/server/inventory);
 * the row keeps a copy of what buyers see (the item cannot change while escrowed), so the market
 * pages and searches one table. status moves once from 'active' to sold, removed or expired.
 */
export const marketListings = pgTable(
  'market_listings',
  {
    id: serial('id').primaryKey(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    escrowId: integer('escrow_id').references(() => escrows.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: ['gear', 'telnet-core'] }).notNull(),
    itemId: integer('item_id').notNull(),
    /** The type filter's value: a gear type, or 'telnet-core'. */
    filterType: text('filter_type').notNull(),
    rarity: text('rarity'),
    itemName: text('item_name').notNull(),
    itemData: jsonb('item_data').notNull(),
    /** Lower-cased item name and seller username, matched by the search box. */
    searchText: text('search_text').notNull(),
    price: integer('price').notNull(),
    status: text('status', { enum: ['active', 'sold', 'removed', 'expired'] })
      .notNull()
      .default('active'),
    buyerId: integer('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    // The three marketplace orders over active listings only, each an index scan (10,000 listings).
    index('market_active_newest')
      .on(t.id.desc())
      .where(sql`${t.status} = 'active'`),
    index('market_active_price')
      .on(t.price, t.id)
      .where(sql`${t.status} = 'active'`),
    index('market_active_type_newest')
      .on(t.filterType, t.id.desc())
      .where(sql`${t.status} = 'active'`),
    index('market_seller_active')
      .on(t.sellerId)
      .where(sql`${t.status} = 'active'`),
    // The price reference per item name: its cheapest active listing and its latest sales, each an index scan.
    index('market_active_name_price')
      .on(t.itemName, t.price)
      .where(sql`${t.status} = 'active'`),
    index('market_sold_name_closed')
      .on(t.itemName, t.closedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'sold'`),
    check('market_price_range', sql`${t.price} >= 1`),
    check('market_status', sql`${t.status} IN ('active', 'sold', 'removed', 'expired')`),
    check('market_item_type', sql`${t.itemType} IN ('gear', 'telnet-core')`),
  ],
);
