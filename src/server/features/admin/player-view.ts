import { createHmac } from 'node:crypto';
import type { Listing } from '../../../core/api/market';
import type { PlayerView } from '../../../core/api/admin-actions';
import { balance } from '../../../core/balance';
import { coreDisplayName } from '../../../core/items';
import { findCoreType } from '../../../core/rules/cores';
import { consoleTexts } from '../../../core/texts/console';
import type { Database } from '../../db/connect';
import { listItems } from '../../inventory';
import { flagsOf } from '../../moderation';
import { toSummary } from './act-on-player';
import * as store from './store';

type When = Date;
/** What the player view reads from other features, through their services (ADR 059). */
export interface PlayerViewSources {
  database: Database;
  now: () => number;
  /** The deployment's session secret: the key of the address hash, so the hash means nothing elsewhere. */
  addressKey: string;
  chat: { recentLinesOf(userId: number, count: number): Promise<{ id: number; message: string; createdAt: When }[]> };
  ping: {
    recentSentBy(
      userId: number,
      count: number,
    ): Promise<{ id: number; toUsername: string; message: string; createdAt: When }[]>;
  };
  market: { myListings(userId: number): Promise<Listing[]> };
  kernel: { bitsOwnedBy(userId: number): Promise<number> };
  auth: { sessionsOf(userId: number): Promise<{ open: number; lastSeen: When | null }> };
}

/** A short keyed hash of an address: accounts sharing one show the same hash, and the address never leaves the server. */
export function addressHash(key: string, address: string): string {
  return createHmac('sha256', key).update(address).digest('hex').slice(0, 10);
}

const iso = (d: Date) => d.toISOString();

/** Everything a moderator needs to judge a player, each list bounded; undefined when there is no such player. */
export async function readPlayerView(deps: PlayerViewSources, userId: number): Promise<PlayerView | undefined> {
  const { db } = deps.database;
  const account = await store.viewedAccount(db, userId);
  if (!account) return undefined;
  const n = balance.consoleViewLines;
  const [items, listings, kernelBits, chat, pings, sessions, flags, address] = await Promise.all([
    listItems(db, userId),
    deps.market.myListings(userId),
    deps.kernel.bitsOwnedBy(userId),
    deps.chat.recentLinesOf(userId, n),
    deps.ping.recentSentBy(userId, n),
    deps.auth.sessionsOf(userId),
    flagsOf(db, userId, balance.consoleViewFlags),
    store.accountsFromAddress(db, account.registrationIp, userId, balance.consoleViewSharedAccounts),
  ]);
  const itemList = [
    ...items.gear.map((g) => ({ kind: 'gear' as const, id: g.id, label: `${g.name} · ${g.rarity} · L${g.level}` })),
    ...items.cores.map((c) => ({
      kind: 'core' as const,
      id: c.id,
      label: coreDisplayName(findCoreType(c.coreTypeId)?.name ?? `#${c.coreTypeId}`),
    })),
  ];
  const derived =
    address.total >= balance.consoleManyAccountsFrom
      ? [
          {
            reason: consoleTexts.players.manyAccounts,
            detail: consoleTexts.players.manyAccountsDetail(address.total),
            at: null,
          },
        ]
      : [];
  return {
    player: {
      ...toSummary(account, deps.now()),
      exp: account.exp,
      telnet: account.telnet,
      createdAt: iso(account.createdAt),
    },
    items: { gear: items.gear.length, cores: items.cores.length, list: itemList.slice(0, balance.consoleViewItems) },
    listings: listings
      .slice(0, balance.consoleViewListings)
      .map((l) => ({ id: l.id, label: l.itemData.name, price: l.price, expiresAt: l.expiresAt })),
    kernelBits,
    chat: chat.map((l) => ({ id: l.id, message: l.message, createdAt: iso(l.createdAt) })),
    pings: pings.map((p) => ({ id: p.id, toUsername: p.toUsername, message: p.message, createdAt: iso(p.createdAt) })),
    sessions: { open: sessions.open, lastSeen: sessions.lastSeen ? iso(sessions.lastSeen) : null },
    flags: [...derived, ...flags.map((f) => ({ reason: f.reason, detail: f.detail, at: iso(f.at) }))],
    address: {
      hash: addressHash(deps.addressKey, account.registrationIp),
      sharedWith: address.others,
      total: address.total,
    },
  };
}
