import type { z } from 'zod';
import type { User } from '../../../core/api/common';
import type {
  BitInfo,
  CurrentSeason,
  GridChanges,
  GridState,
  MyBits,
  PurchaseResult,
  SeasonsPage,
} from '../../../core/api/kernel';
import type { LeaderboardResponse } from '../../../core/api/leaderboard';
import type { ListingPage } from '../../../core/api/market';
import type { ErrorAnswer } from '../contracts';

/**
 * Example answers shown in /docs. Typed by the contracts they illustrate, so a changed shape fails the
 * type check; the OpenAPI test also validates each one against the JSON Schema the document publishes.
 */

const user: z.input<typeof User> = {
  id: 42,
  loginId: 'neo',
  username: 'neo',
  level: 7,
  currentExp: 310,
  maxExp: 700,
  totalTaps: 5120,
  telnet: 1850,
  attack: 14,
  criticalRate: 0.05,
  bonusCriticalHit: 0.5,
  connectionRate: 1.2,
  itemDropRate: 0.03,
};

const leaderboard: z.input<typeof LeaderboardResponse> = [
  { id: 42, username: 'neo', level: 7, currentExp: 310, maxExp: 700, totalTaps: 5120 },
  { id: 7, username: 'trinity', level: 6, currentExp: 90, maxExp: 600, totalTaps: 4410 },
];

const listings: z.input<typeof ListingPage> = {
  listings: [
    {
      id: 901,
      itemId: 3301,
      itemType: 'gear',
      itemData: {
        name: 'Quantum CPU',
        description: 'Raises attack.',
        type: 'cpu',
        rarity: 'epic',
        level: 5,
        statValue: 12,
      },
      price: 450,
      sellerId: 7,
      sellerUsername: 'trinity',
      createdAt: '2026-11-26T18:00:00.000Z',
      expiresAt: '2026-11-29T18:00:00.000Z',
    },
  ],
  page: 1,
  pageSize: 20,
  total: 1,
};

const trinitysBit = { x: 412, y: 87, ownerId: 7, ownerUsername: 'trinity', colorR: 0, colorG: 255, colorB: 65 };

const gridState: z.input<typeof GridState> = { version: 18_204, squares: [trinitysBit] };

const gridChanges: z.input<typeof GridChanges> = {
  version: 18_206,
  changes: [
    { x: 413, y: 87, colorR: 0, colorG: 255, colorB: 65, version: 18_205 },
    { x: 20, y: 640, colorR: 255, colorG: 0, colorB: 128, version: 18_206 },
  ],
  resync: false,
};

const bitInfo: z.input<typeof BitInfo> = { x: 412, y: 87, price: 12, owner: { id: 7, username: 'trinity' } };

const myBits: z.input<typeof MyBits> = {
  count: 2,
  bits: [
    { x: 413, y: 87 },
    { x: 412, y: 87 },
  ],
};

const purchase: z.input<typeof PurchaseResult> = {
  success: true,
  square: { ...trinitysBit, x: 414 },
  price: 12,
  telnet: 1838,
  version: 18_207,
};

const season: z.input<typeof CurrentSeason> = {
  season: 4,
  startedAt: '2026-11-20T00:00:00.000Z',
  endsBy: '2026-12-20T00:00:00.000Z',
  ownedBits: 18_100,
  totalBits: 640_000,
  fullBits: 576_000,
  startVersion: 104,
};

const seasons: z.input<typeof SeasonsPage> = {
  seasons: [
    {
      season: 3,
      startedAt: '2026-10-20T00:00:00.000Z',
      endedAt: '2026-11-20T00:00:00.000Z',
      endReason: 'time',
      bitsSold: 96_512,
      telnetBurned: 1_204_330,
      topPainters: [{ userId: 7, username: 'trinity', bits: 4_410 }],
    },
  ],
  page: 1,
  pages: 1,
  total: 1,
};

const notSignedIn: z.input<typeof ErrorAnswer> = { message: 'Not signed in' };

/** Example bodies by `METHOD /path` and status; the document places each beside its schema. */
export const answerExamples: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  'GET /api/auth/user': { 200: user },
  'GET /api/leaderboard': { 200: leaderboard },
  'GET /api/marketplace/listings': { 200: listings },
  'GET /api/grid/state': { 200: gridState },
  'GET /api/grid/changes': { 200: gridChanges },
  'GET /api/grid/bit': { 200: bitInfo },
  'GET /api/grid/mine': { 200: myBits },
  'POST /api/grid/purchase': { 200: purchase },
  'GET /api/kernel/season': { 200: season },
  'GET /api/kernel/seasons': { 200: seasons },
};

/** The error body's example, on the shared error response. */
export const errorExample = notSignedIn;
