import type { Database } from '../db/connect';
import type { Bus, BusLogger } from './bus';
import * as store from './presence-store';

export interface PresenceDeps {
  database: Database;
  bus: Bus;
  instanceId: string;
  ttlMs: number;
  log: BusLogger;
}

/**
 * Who is online, across instances: a row per (instance, player) in the database, refreshed on the
 * hub's heartbeat. A player is online while any instance has a fresh row for them. Changes are
 * published as presence.changed so directory screens update without polling.
 */
export function createPresence(deps: PresenceDeps) {
  const { db } = deps.database;
  const { instanceId, ttlMs } = deps;

  // One bus message per change set (a sweep of a crashed instance's players is one message); the
  // hubs batch them further before any socket sees them.
  function announce(userIds: number[], isOnline: boolean): void {
    if (userIds.length === 0) return;
    const d = isOnline ? { online: userIds, offline: [] } : { online: [], offline: userIds };
    deps.bus.publish({ audience: { kind: 'everyone' }, event: { t: 'presence.changed', d } });
  }

  /** Players among `userIds` who just went offline: not online on any instance any more. */
  async function goneOffline(userIds: number[]): Promise<number[]> {
    const online = await store.onlineAmong(db, userIds, ttlMs);
    return userIds.filter((id) => !online.has(id));
  }

  return {
    /** The player's first socket on this instance opened. */
    async connected(userId: number): Promise<void> {
      await store.touchPresence(db, instanceId, [userId]);
      announce([userId], true);
    },

    /** The player's last socket on this instance closed. */
    async disconnected(userId: number): Promise<void> {
      await store.removePresence(db, instanceId, userId);
      announce(await goneOffline([userId]), false);
    },

    /** Refreshes this instance's rows and clears rows crashed instances left behind. */
    async heartbeat(connectedUserIds: number[]): Promise<void> {
      await store.touchPresence(db, instanceId, connectedUserIds);
      const stale = await store.sweepStale(db, ttlMs);
      if (stale.length > 0) announce(await goneOffline(stale), false);
    },

    /** Clean shutdown: this instance's players go offline unless another instance has them. */
    async stop(): Promise<void> {
      const left = await store.clearInstance(db, instanceId);
      if (left.length > 0) announce(await goneOffline(left), false);
    },

    isOnline: (userIds: number[]) => store.onlineAmong(db, userIds, ttlMs),
    liveSessionIds: (ids: string[], now: Date) => store.liveSessionIds(db, ids, now),
  };
}

export type Presence = ReturnType<typeof createPresence>;
