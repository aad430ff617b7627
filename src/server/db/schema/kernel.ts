import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

const channelCheck = (name: string, column: unknown) => check(name, sql`${column} BETWEEN 0 AND 255`);

/**
 * Owned Kernel bits (spec §3 grid square, ADR 023). The primary key (x, y) makes one owner
 * per bit whatever races; a bit keeps the colour its owner had when buying it. version is the grid's
 * version this purchase made (1, 2, 3…, gap-free and in commit order, see kernel_state), so
 * "what changed since v" is an index range.
 */
export const kernelBits = pgTable(
  'kernel_bits',
  {
    x: smallint('x').notNull(),
    y: smallint('y').notNull(),
    ownerId: integer('owner_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    colorR: smallint('color_r').notNull(),
    colorG: smallint('color_g').notNull(),
    colorB: smallint('color_b').notNull(),
    price: smallint('price').notNull(),
    version: integer('version').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.x, t.y] }),
    uniqueIndex('kernel_bits_version').on(t.version),
    // "Does this player own a bit" (the purchase_kernel_bit mission) and deleting a player look bits up by owner.
    index('kernel_bits_owner').on(t.ownerId),
    check('kernel_bits_on_grid', sql`${t.x} BETWEEN 0 AND 799 AND ${t.y} BETWEEN 0 AND 799`),
    check('kernel_bits_price', sql`${t.price} BETWEEN 1 AND 20`),
    check('kernel_bits_version', sql`${t.version} >= 1`),
    channelCheck('kernel_bits_r', t.colorR),
    channelCheck('kernel_bits_g', t.colorG),
    channelCheck('kernel_bits_b', t.colorB),
  ],
);

/** Each player's Kernel colour (spec §3 player grid colour): none until they choose one. */
export const kernelColors = pgTable(
  'kernel_colors',
  {
    userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
    colorR: smallint('color_r').notNull(),
    colorG: smallint('color_g').notNull(),
    colorB: smallint('color_b').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [channelCheck('kernel_colors_r', t.colorR), channelCheck('kernel_colors_g', t.colorG), channelCheck('kernel_colors_b', t.colorB)],
);

/**
 * The grid's version counter: one row. A purchase increments it in its transaction, so purchases
 * take versions in the order they commit and a reader never sees version v+1 before v.
 */
export const kernelState = pgTable(
  'kernel_state',
  {
    id: smallint('id').primaryKey(),
    version: integer('version').notNull(),
  },
  (t) => [check('kernel_state_one_row', sql`${t.id} = 1`), check('kernel_state_version', sql`${t.version} >= 0`)],
);
