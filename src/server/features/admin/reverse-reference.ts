import { canActOn } from '../../../core/rules/moderation';
import { consoleTexts } from '../../../core/texts/console';
import type { Database } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { transferItem } from '../../inventory';
import { balanceOf, credit, debitUpTo, netByReference } from '../../wallet';
import { itemSoldBy } from '../data-exchange/reversal';
import { recordAudit, type ActionRefusal } from './audit';
import type { Operator } from './guard';
import * as store from './store';

/**
 * What an operator may reverse (ADR 060): Telnet a player gained or lost through another player or a
 * run — a hack, a market sale, a drone run with its steps, a core's opening, a boss reward. A bought
 * directory, upgrade or bit is not reversed here (its good would stay), nor a tap batch (hundreds of
 * players share its reference), nor a Trojan purchase (its own reversal, ADR 046).
 */
const reversible = /^(intrusion|listing|drone|core|boss):\d{1,10}(:[a-z0-9-]{1,40})?$/;

export interface PlayerReversal {
  userId: number;
  /** Telnet the compensating row gave (positive) or took (negative). */
  delta: number;
  /** What the balance did not hold: recorded as owed. */
  owed: number;
}

export interface Reversed {
  reference: string;
  players: PlayerReversal[];
  /** A market sale's item: back with its seller, or why it stayed with the buyer; null for no item. */
  item: 'returned' | 'kept' | null;
}

/**
 * Compensates every ledger row of one reference with rows of its own (the ledger is never edited):
 * each player's net is given back or taken back through the wallet, a balance short of it gives what
 * it holds and the rest is recorded as owed; a sold item goes back to its seller through the inventory.
 * Every player involved is locked first (ADR 044) and must be someone the operator may act on; a
 * reference is reversed once (the second time answers 409 and changes nothing).
 */
export async function reverseReference(
  deps: { database: Database; now: () => number },
  request: { actor: Operator; reference: string; reason: string },
): Promise<({ kind: 'reversed' } & Reversed) | ActionRefusal> {
  const { reference } = request;
  if (!reversible.test(reference)) return { kind: 'refused', status: 400, message: consoleTexts.notReversible };
  const { db } = deps.database;
  const sold = await itemSoldBy(db, reference);
  const involved = (await netByReference(db, reference)).map((r) => r.userId);
  if (involved.length === 0) return { kind: 'refused', status: 404, message: consoleTexts.noSuchReference };
  return db.transaction(async (tx) => {
    await lockPlayers(tx, [...involved, ...(sold ? [sold.sellerId, sold.buyerId] : [])]);
    if (await store.isReversed(tx, reference))
      return { kind: 'refused', status: 409, message: consoleTexts.alreadyReversed } as const;
    const actor = { id: request.actor.userId, role: request.actor.role };
    for (const id of involved) {
      if (!canActOn(actor, (await store.findTarget(tx, id))!))
        return { kind: 'refused', status: 403, message: consoleTexts.cannotActOn } as const;
    }
    // Read again under the players' locks: a drone's last refund may have landed since.
    const nets = await netByReference(tx, reference);
    const before = await Promise.all(
      nets.map(async (n) => ({ userId: n.userId, net: n.net, balance: await balanceOf(tx, n.userId) })),
    );
    const players: PlayerReversal[] = [];
    const compensation = `reversal:${reference}`;
    for (const { userId, net } of nets) {
      if (net < 0) {
        await credit(tx, { userId, amount: -net, reason: 'reversal-returned', reference: compensation });
        players.push({ userId, delta: -net, owed: 0 });
      } else if (net > 0) {
        const taken = await debitUpTo(tx, { userId, amount: net, reason: 'reversal-taken', reference: compensation });
        players.push({ userId, delta: -taken.taken, owed: taken.short });
      } else players.push({ userId, delta: 0, owed: 0 });
    }
    const item = sold
      ? (await transferItem(tx, { fromUserId: sold.buyerId, toUserId: sold.sellerId, item: sold.item })).kind ===
        'transferred'
        ? 'returned'
        : 'kept'
      : null;
    const at = new Date(deps.now());
    await store.insertReversals(
      tx,
      players.map((p) => ({ reference, ...p, reversedAt: at })),
    );
    const after = await Promise.all(players.map(async (p) => ({ ...p, balance: await balanceOf(tx, p.userId) })));
    // The audit row names the player the reference enriched most (a hack's intruder, a sale's seller).
    const target = [...nets].sort((a, b) => b.net - a.net)[0]!.userId;
    await recordAudit(
      tx,
      request.actor,
      {
        action: 'ledger-reverse',
        targetUserId: target,
        reason: request.reason,
        before: { reference, players: before },
        after: { players: after, item },
      },
      at,
    );
    return { kind: 'reversed', reference, players, item } as const;
  });
}
