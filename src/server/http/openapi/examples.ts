import type { z } from 'zod';
import type { User } from '../../../core/api/common';
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

const notSignedIn: z.input<typeof ErrorAnswer> = { message: 'Not signed in' };

/** Example bodies by `METHOD /path` and status; the document places each beside its schema. */
export const answerExamples: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  'GET /api/auth/user': { 200: user },
  'GET /api/leaderboard': { 200: leaderboard },
  'GET /api/marketplace/listings': { 200: listings },
};

/** The error body's example, on the shared error response. */
export const errorExample = notSignedIn;
