import type { User } from '../../../core/api/common';
import type {
  BitInfo,
  BitQuery,
  GridChanges,
  GridState,
  MyBits,
  PlayerColor,
  PurchaseBody,
  PurchaseResult,
  SetColorBody,
  SetColorResult,
  StateQuery,
} from '../../../core/api/kernel';
import { balance } from '../../../core/balance';
import { bitPrice } from '../../../core/rules/kernel';
import { fillText, texts } from '../../../core/texts';
import type { Database, Tx } from '../../db/connect';
import { HttpError } from '../../http/errors';
import { runIdempotent, type AfterCommit, type IdempotentOutcome } from '../../idempotency';
import type { Bus } from '../../realtime/bus';
import { debit } from '../../wallet';
import type { Job } from '../../jobs/kinds';
import { createSeasonService } from './season';
import { createSnapshotCache } from './snapshot-cache';
import * as reads from './read-store';
import * as seasonStore from './season-store';
import * as store from './store';
import type { DomainEventEmitter } from '../../events/domain-events';
import { publishUserViews } from '../../realtime/user-views';

export interface KernelServiceDeps {
  database: Database;
  bus: Bus;
  now: () => number;
  /** A player as every view shows them (auth service), for user.updated after a purchase. */
  userView(userId: number): Promise<User>;
  /** Where a committed purchase is reported (the missions listen, ADR 079). */
  events?: DomainEventEmitter;
}

const k = texts.kernel;

const refuse = (status: number, title: string, message: string, extra: Record<string, unknown> = {}): never => {
  throw new HttpError(status, message, { success: false, title, ...extra });
};

/** The Kernel (spec §2/§7, ADR 023): colours, race-safe purchases, the snapshot and its catch-up. */
export function createKernelService(deps: KernelServiceDeps) {
  const { database, bus, now } = deps;
  const snapshots = createSnapshotCache(database);
  const seasons = createSeasonService({ database, bus, snapshots });
  // Other instances' purchases and season changes reach this one's canvas as they happen; a missed one is read from the database.
  bus.subscribe(({ event }) => {
    if (event.t === 'grid_update') snapshots.paint(event.d);
    if (event.t === 'kernel.seasonChanged') snapshots.newSeason(event.d.startVersion);
  });

  /** After a purchase committed (not on a replay): the canvases, the mission check, the buyer's stats. */
  async function announcePurchase(userId: number, done: PurchaseResult) {
    snapshots.paint({ ...done.square, version: done.version });
    bus.publish({
      audience: { kind: 'everyone' },
      event: { t: 'grid_update', d: { ...done.square, version: done.version } },
    });
    // After the commit, as the Terminal does: the missions hear of it and pay the reward once. Awaited,
    // so the answer reaches the buyer after the reward and the user.updated below carries it; a
    // listener's failure never undoes the purchase.
    await deps.events?.emit({ t: 'kernel.bitPurchased', userId });
    void publishUserViews(deps, [userId]);
  }

  return {
    /** One page of the player's bits this season, for their data export (ADR 057). */
    exportBits: (userId: number, after: number, limit: number) =>
      reads.kernelBitsPage(database.db, userId, after, limit),

    /** The archived seasons where the player was among the top painters, with their bit counts. */
    async exportPastSeasons(userId: number) {
      return (await seasonStore.seasonPainters(database.db)).flatMap((s) =>
        s.topPainters.filter((p) => p.userId === userId).map((p) => ({ season: s.season, bits: p.bits })),
      );
    },
    snapshots,
    seasons,

    /** The jobs runner's handler for 'kernel.seasonEnd': "now" is the claim's time on the app's clock. */
    async endSeasonJob(
      tx: Tx,
      job: Job<'kernel.seasonEnd', { season: number }>,
      afterCommit: AfterCommit,
    ): Promise<void> {
      await seasons.endSeason(tx, { season: job.payload.season, nowMs: job.claimedAt.getTime() }, afterCommit);
    },

    /** The player's bit count and newest bits (ADR 066). */
    async mine(userId: number): Promise<MyBits> {
      const [count, bits] = await Promise.all([
        reads.bitsOwnedBy(database.db, userId),
        reads.newestBitsOf(database.db, userId, balance.kernelMineMax),
      ]);
      return { count, bits };
    },

    async playerColor(userId: number): Promise<PlayerColor> {
      const c = await store.colorOf(database.db, userId);
      return { colorR: c?.r ?? null, colorG: c?.g ?? null, colorB: c?.b ?? null };
    },

    /** Sets the colour of the player's future bits; bits already bought keep theirs. */
    async setColor(userId: number, body: SetColorBody): Promise<SetColorResult> {
      await store.setColor(database.db, userId, { r: body.colorR, g: body.colorG, b: body.colorB }, new Date(now()));
      return { success: true, ...body };
    },

    /**
     * Buys a free bit at the server's price in one transaction: the conditional debit with its
     * ledger row, the grid's next version, the bit's insert. Of many buyers of one bit the primary
     * key lets exactly one insert; the others' savepoints roll back, so they pay nothing.
     */
    async purchase(userId: number, key: string, body: PurchaseBody): Promise<IdempotentOutcome> {
      return runIdempotent(
        database,
        { userId, key, scope: 'kernel.purchase', request: body, now: now() },
        async (tx: Tx, afterCommit) => {
          const { x, y } = body;
          // Two reads sent together, before the grid's version row is locked: the lock is held for as
          // few round trips as possible, since every purchase waits for it (ADR 078).
          const [taken, { username: ownerUsername, color }] = await Promise.all([
            store.ownerOf(tx, x, y),
            store.buyerOf(tx, userId),
          ]);
          if (taken)
            return refuse(409, k.bitOwnedTitle, fillText(k.bitOwnedBody, { name: taken.username }), {
              ownerUsername: taken.username,
            });
          if (!color) return refuse(409, k.purchaseFailed, k.colorNeeded);
          const price = bitPrice(x, y);
          const paid = await debit(tx, { userId, amount: price, reason: 'kernel-bit', reference: `bit:${x},${y}` });
          if (paid.kind === 'insufficient')
            return refuse(409, k.insufficientTitle, fillText(k.insufficientBody, { n: paid.shortBy }), {
              shortBy: paid.shortBy,
            });
          const grid = await seasonStore.nextVersionInSeason(tx);
          const { version } = grid;
          if (!(await store.insertBit(tx, { x, y, ownerId: userId, color, price, version, at: new Date(now()) }))) {
            // Bought by another between our read and our insert: name the winner, roll everything back.
            const owner = await store.ownerOf(tx, x, y);
            const name = owner?.username ?? '';
            return refuse(409, k.bitOwnedTitle, fillText(k.bitOwnedBody, { name }), { ownerUsername: name });
          }
          await seasons.scheduleEnd(tx, grid, now());
          const result: PurchaseResult = {
            success: true,
            square: { x, y, ownerId: userId, ownerUsername, colorR: color.r, colorG: color.g, colorB: color.b },
            price,
            telnet: paid.balance,
            version,
          };
          afterCommit(() => announcePurchase(userId, result));
          return { statusCode: 200, body: result };
        },
      );
    },

    /** Whether the player owns a bit they bought, for the missions service's check. */
    async boughtBit(userId: number): Promise<boolean> {
      return store.ownsAnyBit(database.db, userId);
    },

    /** How many bits the player owns this season (the console's player view). */
    bitsOwnedBy: (userId: number) => reads.bitsOwnedBy(database.db, userId),

    /** What changed after a version, or resync when more than a catch-up should carry or a season began since (ADR 053). */
    async changes(since: number): Promise<GridChanges> {
      const { version, seasonStartVersion, clearedVersion } = await seasonStore.gridState(database.db);
      if (since >= version) return { version, changes: [], resync: since > version };
      // Bits freed by a season or an operator's clear are no change a catch-up could carry (ADR 053, 060).
      if (since < seasonStartVersion || since < clearedVersion) return { version, changes: [], resync: true };
      const changes = await reads.changesSince(database.db, since, balance.kernelChangesMax + 1);
      if (changes.length > balance.kernelChangesMax) return { version, changes: [], resync: true };
      return { version: Math.max(version, changes.at(-1)?.version ?? 0), changes, resync: false };
    },

    async bit(query: BitQuery): Promise<BitInfo> {
      return {
        x: query.x,
        y: query.y,
        price: bitPrice(query.x, query.y),
        owner: await store.ownerOf(database.db, query.x, query.y),
      };
    },

    /** The owned squares of one region, from the snapshot cache; owners' names in one bounded query. */
    async state(query: StateQuery): Promise<GridState> {
      const { version, bits } = await snapshots.region(query.x0, query.y0, query.x1, query.y1);
      const names = await reads.usernamesOf(database.db, [...new Set(bits.map((b) => b.ownerId))]);
      return { version, squares: bits.map((b) => ({ ...b, ownerUsername: names.get(b.ownerId) ?? '' })) };
    },
  };
}

export type KernelService = ReturnType<typeof createKernelService>;
