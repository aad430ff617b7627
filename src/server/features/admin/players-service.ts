import type { LedgerPage, LedgerQuery, PlayerSummary, PlayerView } from '../../../core/api/admin-actions';
import { balance } from '../../../core/balance';
import { ledgerPage } from '../../wallet';
import { toSummary, type ActionOutcome } from './act-on-player';
import type { Actor } from './audit';
import { setBan, type BanSessions } from './ban';
import { mute, unmute } from './mute';
import { readPlayerView, type PlayerViewSources } from './player-view';
import * as store from './store';

export interface PlayersDeps extends PlayerViewSources {
  auth: PlayerViewSources['auth'] & BanSessions;
}

const dayMs = 24 * 3600_000;

/** The console's PLAYERS tab (ADR 059): find a player, see them, mute, unmute, ban and unban them with a reason. */
export function createPlayersService(deps: PlayersDeps) {
  const { db } = deps.database;
  const banDeps = { database: deps.database, now: deps.now, sessions: deps.auth };
  return {
    async search(q: string): Promise<{ players: PlayerSummary[] }> {
      const id = /^[0-9]{1,10}$/.test(q) && Number(q) <= 2_147_483_647 ? Number(q) : null;
      const rows = await store.searchPlayers(db, q, id, balance.consoleSearchResults);
      return { players: rows.map((r) => toSummary(r, deps.now())) };
    },

    view: (userId: number): Promise<PlayerView | undefined> => readPlayerView(deps, userId),

    /** The player's ledger, newest first: `from` and `to` are whole UTC days, both included. */
    async ledger(userId: number, query: LedgerQuery): Promise<LedgerPage | undefined> {
      if (!(await store.summaryOf(db, userId))) return undefined;
      const limit = balance.consoleLedgerPageSize;
      const filter = {
        ...(query.reason ? { reason: query.reason } : {}),
        ...(query.from ? { from: new Date(`${query.from}T00:00:00Z`) } : {}),
        ...(query.to ? { until: new Date(Date.parse(`${query.to}T00:00:00Z`) + dayMs) } : {}),
        ...(query.before !== undefined ? { before: query.before } : {}),
      };
      const rows = await ledgerPage(db, userId, filter, limit);
      const entries = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
      return { entries, nextBefore: rows.length === limit ? rows[rows.length - 1]!.id : null };
    },

    mute: (r: { actor: Actor; targetUserId: number; minutes: number; reason: string }): Promise<ActionOutcome> =>
      mute(deps, r),
    unmute: (r: { actor: Actor; targetUserId: number; reason: string }): Promise<ActionOutcome> => unmute(deps, r),
    ban: (r: { actor: Actor; targetUserId: number; reason: string }): Promise<ActionOutcome> =>
      setBan(banDeps, { ...r, banned: true }),
    unban: (r: { actor: Actor; targetUserId: number; reason: string }): Promise<ActionOutcome> =>
      setBan(banDeps, { ...r, banned: false }),
  };
}

export type PlayersService = ReturnType<typeof createPlayersService>;
