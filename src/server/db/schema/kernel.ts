import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
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
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    colorR: smallint('color_r').notNull(),
    colorG: smallint('color_g').notNull(),
    colorB: smallint('color_b').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    channelCheck('kernel_colors_r', t.colorR),
    channelCheck('kernel_colors_g', t.colorG),
    channelCheck('kernel_colors_b', t.colorB),
  ],
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
    /** The current season (ADR 053): 1, 2, 3…; the season change locks this row, as purchases do. */
    season: integer('season').notNull().default(1),
    /** The version the current season began at: its owned bits are version − seasonStartVersion. */
    seasonStartVersion: integer('season_start_version').notNull().default(0),
    seasonStartedAt: timestamp('season_started_at', { withTimezone: true }).notNull().defaultNow(),
    /** The version an operator's region clear took (ADR 060): a reader behind it reloads the canvas. */
    clearedVersion: integer('cleared_version').notNull().default(0),
    /** Versions of this season that are no owned bit: bits an operator cleared and each clear's own version. */
    seasonFreed: integer('season_freed').notNull().default(0),
  },
  (t) => [
    check('kernel_state_one_row', sql`${t.id} = 1`),
    check('kernel_state_version', sql`${t.version} >= 0`),
    check('kernel_state_season', sql`${t.season} >= 1 AND ${t.seasonStartVersion} BETWEEN 0 AND ${t.version}`),
    check(
      'kernel_state_cleared',
      sql`${t.clearedVersion} BETWEEN 0 AND ${t.version} AND ${t.seasonFreed} BETWEEN 0 AND ${t.version} - ${t.seasonStartVersion}`,
    ),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** One painter of an archived season: who, and how many bits they owned at its end (names as they were then). */
export interface SeasonPainter {
  userId: number;
  username: string;
  bits: number;
}

/**
 * Archived Kernel seasons (ADR 053), one row per ended season, written by the season change in the
 * transaction that clears kernel_bits: the final canvas as an 800×800 RGB PNG, its numbers, and its
 * top painters. The primary key is the season number, so a season is archived at most once.
 */
export const kernelSeasons = pgTable(
  'kernel_seasons',
  {
    season: integer('season').primaryKey(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    /** Why it ended: 'full', 'time' or 'operator'. */
    endReason: text('end_reason').notNull(),
    bitsSold: integer('bits_sold').notNull(),
    telnetBurned: bigint('telnet_burned', { mode: 'number' }).notNull(),
    topPainters: jsonb('top_painters').$type<SeasonPainter[]>().notNull(),
    image: bytea('image').notNull(),
  },
  (t) => [
    check('kernel_seasons_number', sql`${t.season} >= 1`),
    check('kernel_seasons_reason', sql`${t.endReason} IN ('full', 'time', 'operator')`),
    check('kernel_seasons_counts', sql`${t.bitsSold} BETWEEN 0 AND 640000 AND ${t.telnetBurned} >= 0`),
  ],
);
