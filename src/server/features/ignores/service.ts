import type { IgnoredPlayer, IgnoreList } from '../../../core/api/safety';
import { balance } from '../../../core/balance';
import { fillText, texts } from '../../../core/texts';
import type { Database, Executor } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { HttpError } from '../../http/errors';
import type { Bus } from '../../realtime/bus';
import * as store from './store';

export interface IgnoreServiceDeps {
  database: Database;
  bus: Bus;
  now: () => number;
}

type Player = { id: number; username: string };

/**
 * A player's ignore list (ADR 056), held on the server so every device and instance reads the same
 * one. Chat and Ping ask it through ignoredIds / isIgnoring; every change tells the player's tabs.
 */
export function createIgnoreService(deps: IgnoreServiceDeps) {
  const { db } = deps.database;
  const s = texts.safety;

  const changed = (userId: number) =>
    deps.bus.publish({ audience: { kind: 'users', userIds: [userId] }, event: { t: 'ignores.changed', d: {} } });

  return {
    async list(userId: number): Promise<IgnoreList> {
      const rows = await store.listOf(db, userId, balance.ignoreListMax);
      return { ignored: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
    },

    /** Ignores a player by name; ignoring them again answers the same entry and changes nothing. */
    async ignore(me: Player, username: string): Promise<{ entry: IgnoredPlayer; created: boolean }> {
      const other = await store.findPlayerByUsername(db, username.trim());
      if (!other) throw new HttpError(404, s.ignoreUserNotFound);
      if (other.id === me.id) throw new HttpError(400, s.ignoreSelf);
      const outcome = await db.transaction(async (tx) => {
        // The player's row lock makes the count and the insert one step across instances (the cap holds).
        await lockPlayers(tx, [me.id]);
        const existing = await store.find(tx, me.id, other.id);
        if (existing) return { createdAt: existing.createdAt, created: false };
        if ((await store.countOf(tx, me.id)) >= balance.ignoreListMax) {
          throw new HttpError(409, fillText(s.ignoreListFull, { n: balance.ignoreListMax }));
        }
        const createdAt = new Date(deps.now());
        await store.insert(tx, { userId: me.id, ignoredUserId: other.id, createdAt });
        return { createdAt, created: true };
      });
      if (outcome.created) changed(me.id);
      return {
        entry: { userId: other.id, username: other.username, createdAt: outcome.createdAt.toISOString() },
        created: outcome.created,
      };
    },

    /** Unignores; unignoring someone not on the list answers the same and changes nothing. */
    async unignore(userId: number, otherId: number): Promise<{ removed: boolean }> {
      const removed = await store.remove(db, userId, otherId);
      if (removed) changed(userId);
      return { removed };
    },

    /** The ids the player ignores (at most ignoreListMax), for filters in the caller's transaction or none. */
    ignoredIds: (userId: number, tx: Executor = db) => store.idsOf(tx, userId, balance.ignoreListMax),

    /** A player by username, any case, or null (a report names a player the same way). */
    playerNamed: (username: string) => store.findPlayerByUsername(db, username.trim()),

    /** Whether `userId` ignores `otherId`, in the caller's transaction or none. */
    isIgnoring: (userId: number, otherId: number, tx: Executor = db) => store.isIgnoring(tx, userId, otherId),
  };
}

export type IgnoreService = ReturnType<typeof createIgnoreService>;
