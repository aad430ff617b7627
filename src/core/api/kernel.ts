import { z } from 'zod';
import { balance } from '../balance';
import { infra } from '../infra';
import { fillText, texts } from '../texts';
import { binaryAnswer, queryInt } from './common';
import { GridSquare } from './events';

/**
 * The Kernel contract (spec §7 "Kernel grid", ADR 023). GET /api/grid/state keeps the spec's square
 * shape for one bounded region (ADR 043); the screen loads the binary snapshot, then catches up with
 * grid_update events or /changes.
 */

const Coord = z
  .int()
  .min(0)
  .max(balance.gridSize - 1);
const QueryCoord = queryInt(Coord);
const Channel = z.int().min(0).max(255);

export const gridPaths = {
  state: '/api/grid/state',
  playerColor: '/api/grid/player-color',
  setColor: '/api/grid/set-color',
  purchase: '/api/grid/purchase',
  snapshot: '/api/grid/snapshot',
  changes: '/api/grid/changes',
  bit: '/api/grid/bit',
  mine: '/api/grid/mine',
} as const;

/**
 * GET /api/grid/state?x0&y0&x1&y1 (spec §7, ADR 043): the owned squares of an inclusive rectangle of
 * at most `kernelStateRegionMaxBits` bits, and the version they show (catch up with /changes?since=).
 */
export const StateQuery = z
  .strictObject({ x0: QueryCoord, y0: QueryCoord, x1: QueryCoord, y1: QueryCoord })
  .refine((q) => q.x0 <= q.x1 && q.y0 <= q.y1, { message: texts.kernel.regionReversed })
  .refine((q) => (q.x1 - q.x0 + 1) * (q.y1 - q.y0 + 1) <= infra.kernelStateRegionMaxBits, {
    message: fillText(texts.kernel.regionTooLarge, { n: infra.kernelStateRegionMaxBits }),
  });
export type StateQuery = z.infer<typeof StateQuery>;
export const GridState = z.object({ version: z.int().min(0), squares: z.array(GridSquare) });
export type GridState = z.infer<typeof GridState>;

/** GET /api/grid/player-color: the player's colour, each channel null until they choose one. */
export const PlayerColor = z.object({
  colorR: Channel.nullable(),
  colorG: Channel.nullable(),
  colorB: Channel.nullable(),
});
export type PlayerColor = z.infer<typeof PlayerColor>;

/** POST /api/grid/set-color {colorR, colorG, colorB}: whole 0–255 each. */
export const SetColorBody = z.strictObject({ colorR: Channel, colorG: Channel, colorB: Channel });
export type SetColorBody = z.infer<typeof SetColorBody>;
export const SetColorResult = SetColorBody.extend({ success: z.literal(true) });
export type SetColorResult = z.infer<typeof SetColorResult>;

/** POST /api/grid/purchase {x, y} with an Idempotency-Key: whole 0–799; the price is the server's. */
export const PurchaseBody = z.strictObject({ x: Coord, y: Coord });
export type PurchaseBody = z.infer<typeof PurchaseBody>;
export const PurchaseResult = z.object({
  success: z.literal(true),
  square: GridSquare,
  price: z.int().min(1),
  telnet: z.int().min(0),
  version: z.int().min(1),
});
export type PurchaseResult = z.infer<typeof PurchaseResult>;

/**
 * A refused purchase (409): the spec's title and text, the owner when the bit was taken, and how much
 * Telnet was missing when the balance was short.
 */
export const PurchaseRefusal = z.object({
  success: z.literal(false),
  title: z.string(),
  message: z.string(),
  ownerUsername: z.string().optional(),
  shortBy: z.int().min(1).optional(),
});
export type PurchaseRefusal = z.infer<typeof PurchaseRefusal>;

/** GET /api/grid/changes?since=v: what changed after version v, in version order, or resync when too much did. */
export const ChangesQuery = z.strictObject({
  since: queryInt(
    z
      .int()
      .min(0)
      .max(2 ** 31 - 1),
  ),
});
export type ChangesQuery = z.infer<typeof ChangesQuery>;
export const GridChange = z.object({
  x: Coord,
  y: Coord,
  colorR: Channel,
  colorG: Channel,
  colorB: Channel,
  version: z.int().min(1),
});
export type GridChange = z.infer<typeof GridChange>;
export const GridChanges = z.object({ version: z.int().min(0), changes: z.array(GridChange), resync: z.boolean() });
export type GridChanges = z.infer<typeof GridChanges>;

/** GET /api/grid/bit?x&y: one bit for the hover card — its price and, if owned, its owner. */
export const BitQuery = z.strictObject({ x: QueryCoord, y: QueryCoord });
export type BitQuery = z.infer<typeof BitQuery>;
export const BitInfo = z.object({
  x: Coord,
  y: Coord,
  price: z.int().min(1),
  owner: z.object({ id: z.int(), username: z.string() }).nullable(),
});
export type BitInfo = z.infer<typeof BitInfo>;

/**
 * GET /api/grid/mine: the player's own bits (ADR 066) — how many, and the newest `kernelMineMax` of them,
 * newest first, so the screen can open on them, outline them and jump back to them.
 */
export const MyBits = z.object({ count: z.int().min(0), bits: z.array(z.object({ x: Coord, y: Coord })) });
export type MyBits = z.infer<typeof MyBits>;

/** The snapshot's version travels in this header (and in its ETag) as well as inside the frame. */
export const snapshotVersionHeader = 'X-Grid-Version';

/**
 * GET /api/grid/snapshot: the whole canvas as one compressed binary frame (ADR 023, 043), not JSON; a client
 * whose If-None-Match is the current ETag gets a 304 instead.
 */
export const SnapshotFrame = binaryAnswer(
  'application/octet-stream',
  `The whole canvas as one compressed binary frame (ADR 023), its version also in the ETag and ${snapshotVersionHeader}.`,
);

/** Kernel seasons (ADR 053): the current season, and the archive of ended ones with their final image. */
export const seasonPaths = {
  current: '/api/kernel/season',
  list: '/api/kernel/seasons',
  image: '/api/kernel/seasons/:season/image.png',
} as const;

/** The archived image of one season (immutable once written). */
export const seasonImagePath = (season: number) => `/api/kernel/seasons/${season}/image.png`;

/** GET /api/kernel/season: the season running now and how full its canvas is. */
export const CurrentSeason = z.object({
  season: z.int().min(1),
  startedAt: z.iso.datetime(),
  /** When it ends at the latest, full or not. */
  endsBy: z.iso.datetime(),
  ownedBits: z.int().min(0),
  totalBits: z.int().min(1),
  /** Owned bits at which it ends. */
  fullBits: z.int().min(1),
  /** The grid version it began at: a bit's version above it belongs to this season. */
  startVersion: z.int().min(0),
});
export type CurrentSeason = z.infer<typeof CurrentSeason>;

/** GET /api/kernel/seasons?page=1: ended seasons, newest first. */
export const SeasonsQuery = z.strictObject({ page: queryInt(z.int().min(1).max(100_000)).optional() });
export type SeasonsQuery = z.infer<typeof SeasonsQuery>;
export const SeasonPainter = z.object({ userId: z.int(), username: z.string(), bits: z.int().min(1) });
export const SeasonSummary = z.object({
  season: z.int().min(1),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime(),
  endReason: z.enum(['full', 'time', 'operator']),
  bitsSold: z.int().min(0),
  telnetBurned: z.int().min(0),
  topPainters: z.array(SeasonPainter),
});
export type SeasonSummary = z.infer<typeof SeasonSummary>;
export const SeasonsPage = z.object({
  seasons: z.array(SeasonSummary),
  page: z.int().min(1),
  pages: z.int().min(1),
  total: z.int().min(0),
});
export type SeasonsPage = z.infer<typeof SeasonsPage>;

/** GET /api/kernel/seasons/:season/image.png: an ended season's final canvas, immutable once written. */
export const SeasonImage = binaryAnswer('image/png', "An ended season's final canvas as a PNG; it never changes.");

/** The :season of an image path: digits only. */
export const SeasonParams = z.strictObject({
  season: queryInt(
    z
      .int()
      .min(1)
      .max(2 ** 31 - 1),
  ),
});
