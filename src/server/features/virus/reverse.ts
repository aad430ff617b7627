import type { FastifyBaseLogger } from 'fastify';
import type { User } from '../../../core/api/common';
import type { Listing } from '../../../core/api/market';
import type { Database, Tx } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { runTransaction, type AfterCommit } from '../../idempotency';
import { listItems, removeItem } from '../../inventory';
import { flagPlayer } from '../../moderation';
import type { Bus } from '../../realtime/bus';
import { debitUpTo, ledgerTotal } from '../../wallet';
import * as store from './store';
import { publishUserViews } from '../../realtime/user-views';

/** What the reversal needs from the Data Exchange (its service, never its store). */
export interface ListingsOfItems {
  withdrawItems(
    tx: Tx,
    r: { sellerId: number; itemType: Listing['itemType']; itemIds: number[] },
    afterCommit: AfterCommit,
  ): Promise<{ withdrawn: number }>;
  saleReferences(tx: Tx, r: { sellerId: number; itemType: Listing['itemType']; itemIds: number[] }): Promise<string[]>;
}

export interface ReversalDeps {
  database: Database;
  bus: Bus;
  now: () => number;
  log: FastifyBaseLogger;
  listings: ListingsOfItems;
  userView(userId: number): Promise<User>;
}

/** The cores of a purchase the buyer still holds unopened go back; listed ones were returned to them first. */
async function revokeCores(tx: Tx, userId: number, coreIds: number[]): Promise<number> {
  const held = new Map((await listItems(tx, userId)).cores.map((c) => [c.id, c]));
  let revoked = 0;
  for (const id of coreIds) {
    const item = held.get(id);
    if (!item || item.isUsed) continue;
    if ((await removeItem(tx, { userId, item: { kind: 'core', id } })).kind === 'removed') revoked++;
  }
  return revoked;
}

/**
 * What the purchase's cores brought the buyer in Telnet (ADR 046): the 'core-open' rows of the cores
 * they opened, and the net of their Data Exchange sales of them (sale less fee). Item ids are kept
 * through escrow and sale, and each ledger row names its core or listing, so nothing is guessed.
 */
async function telnetFromCores(tx: Tx, listings: ListingsOfItems, userId: number, coreIds: number[]): Promise<number> {
  if (coreIds.length === 0) return 0;
  const opened = await ledgerTotal(tx, {
    userId,
    reasons: ['core-open'],
    references: coreIds.map((id) => `core:${id}`),
  });
  const sales = await listings.saleReferences(tx, { sellerId: userId, itemType: 'telnet-core', itemIds: coreIds });
  const sold = await ledgerTotal(tx, { userId, reasons: ['market-sale', 'market-fee'], references: sales });
  return Math.max(0, opened) + Math.max(0, sold);
}

/**
 * A refund or dispute (ADR 034, ADR 046), once per purchase: the purchase's active listings are
 * closed and every core it gave that the buyer still has goes; the Telnet its opened and sold cores
 * brought is taken back through the wallet down to zero, the rest recorded as owed; the player is
 * flagged for moderators. Locks: the player first, then the purchase row, then the listings.
 */
export function createReversal(deps: ReversalDeps) {
  const { database, bus, now } = deps;
  return async function reverse(paymentIntentId: string, status: 'refunded' | 'disputed'): Promise<void> {
    const unlocked = await store.findByIntent(database.db, paymentIntentId);
    if (!unlocked) return;
    const userId = unlocked.userId;
    await runTransaction(database, async (tx, afterCommit) => {
      await lockPlayers(tx, [userId]);
      const row = await store.lockPurchase(tx, { id: unlocked.id });
      if (!row || row.status === 'refunded' || row.status === 'disputed') return;
      const coreIds = row.cores.map((c) => c.id);
      const withdrawn = await deps.listings.withdrawItems(
        tx,
        { sellerId: userId, itemType: 'telnet-core', itemIds: coreIds },
        afterCommit,
      );
      const revoked = await revokeCores(tx, userId, coreIds);
      const owedByCores = await telnetFromCores(tx, deps.listings, userId, coreIds);
      const reference = `virus-purchase:${row.id}`;
      const taken =
        owedByCores > 0
          ? await debitUpTo(tx, { userId, amount: owedByCores, reason: 'purchase-reversal', reference })
          : { taken: 0, short: 0 };
      const at = new Date(now());
      await store.markReversed(tx, row.id, {
        status,
        coresRevoked: revoked,
        telnetTakenBack: taken.taken,
        telnetOwed: taken.short,
        at,
      });
      const detail = `cores taken back ${revoked}/${row.cores.length}, Telnet taken back ${taken.taken}, owed ${taken.short}`;
      await flagPlayer(tx, {
        userId,
        reason: status === 'refunded' ? 'payment-refunded' : 'payment-disputed',
        reference,
        detail,
        at,
      });
      deps.log.info(
        { purchaseId: row.id, status, coresRevoked: revoked, telnetTakenBack: taken.taken, telnetOwed: taken.short },
        'virus purchase reversed',
      );
      afterCommit(() => {
        bus.publish({
          audience: { kind: 'users', userIds: [userId] },
          event: { t: 'virus.purchaseUpdated', d: { purchaseId: row.id, status } },
        });
        if (revoked > 0 || withdrawn.withdrawn > 0)
          bus.publish({
            audience: { kind: 'users', userIds: [userId] },
            event: { t: 'inventory.changed', d: { reason: 'virus-reversal' } },
          });
        if (taken.taken > 0) void publishUserViews(deps, [userId]);
      });
    });
  };
}
