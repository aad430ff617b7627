import type { ActivityEntry, ActivityKind, ActivityLog } from '../../../core/api/activity';
import { balance } from '../../../core/balance';
import type { LedgerReason } from '../../../core/ledger-reasons';
import type { Database } from '../../db/connect';
import { activityRowsAfter, newestLedgerIdUpTo } from '../../wallet';
import * as store from './store';

const kindOf: Partial<Record<LedgerReason, ActivityKind>> = {
  'market-sale': 'item-sold',
  'hack-lost': 'broken-into',
  'boss-reward': 'boss-defeated',
  mission: 'mission-reward',
  decode: 'drone-harvest',
};

type Row = Awaited<ReturnType<typeof activityRowsAfter>>[number];

/**
 * Rows into entries: a drone run's steps (one ledger row each, reference drone:<run>:<step>) become
 * one harvest entry with their sum, shown at the newest step.
 */
export function toEntries(rows: readonly Row[]): ActivityEntry[] {
  const entries: ActivityEntry[] = [];
  const runs = new Map<string, ActivityEntry>();
  for (const row of rows) {
    const kind = kindOf[row.reason];
    if (!kind) continue;
    if (kind === 'drone-harvest') {
      const run = row.reference.split(':').slice(0, 2).join(':');
      const seen = runs.get(run);
      if (seen) {
        seen.telnet += row.delta;
        continue;
      }
      const entry = { id: row.id, kind, telnet: row.delta, createdAt: row.createdAt.toISOString() };
      runs.set(run, entry);
      entries.push(entry);
      continue;
    }
    entries.push({ id: row.id, kind, telnet: row.delta, createdAt: row.createdAt.toISOString() });
  }
  return entries;
}

/** While you were away (ADR 064): what happened to the player since they last read the log, from the ledger. */
export function createActivityService({ database }: { database: Database }) {
  const { db } = database;
  const unseenRows = async (userId: number, limit: number) => activityRowsAfter(db, userId, await store.seenId(db, userId), limit);
  return {
    /** The newest unseen entries (reading does not mark them seen: POST /seen does, with the id the player saw). */
    async log(userId: number, limit: number): Promise<ActivityLog> {
      const rows = await unseenRows(userId, balance.activityPageMax);
      return { entries: toEntries(rows).slice(0, limit), unseen: toEntries(rows).length };
    },
    async unseen(userId: number): Promise<number> {
      return toEntries(await unseenRows(userId, balance.activityPageMax)).length;
    },
    /** Marks seen up to the entry shown, never past the player's own newest row (another's id moves nothing of theirs). */
    async markSeen(userId: number, upToId: number): Promise<void> {
      const newest = await newestLedgerIdUpTo(db, userId, upToId);
      if (newest > 0) await store.markSeen(db, userId, newest);
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
