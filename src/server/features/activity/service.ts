import type { ActivityEntry, ActivityKind, ActivityLog } from '../../../core/api/activity';
import { infra } from '../../../core/infra';
import type { LedgerReason } from '../../../core/ledger-reasons';
import { missionIds, missionTexts, type MissionId } from '../../../core/rules/missions';
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
 * Names for what other features' ledger references point at, wired by the app (the activity log reads no
 * other feature's tables): the item a sale (`listing:<id>`) sold, the intruder of a break-in (`intrusion:<id>`).
 */
export interface ActivityDescribers {
  soldItems(listingIds: readonly number[]): Promise<ReadonlyMap<number, string>>;
  intruders(intrusionIds: readonly number[]): Promise<ReadonlyMap<number, string>>;
}

const idIn = (reference: string, prefix: string): number | null => {
  const match = new RegExp(`^${prefix}:(\\d{1,10})$`).exec(reference);
  return match ? Number(match[1]) : null;
};
const missionTitle = (reference: string): string | null => {
  const id = reference.startsWith('mission:') ? reference.slice('mission:'.length) : '';
  return (missionIds as readonly string[]).includes(id) ? missionTexts[id as MissionId].title : null;
};

/** Each entry with what it was about, looked up once per page for all its sales and break-ins. */
async function describe(
  entries: ActivityEntry[],
  references: ReadonlyMap<number, string>,
  describers: ActivityDescribers,
): Promise<ActivityEntry[]> {
  const ids = (kind: ActivityKind, prefix: string) =>
    entries.filter((e) => e.kind === kind).flatMap((e) => idIn(references.get(e.id) ?? '', prefix) ?? []);
  const [items, intruders] = await Promise.all([
    describers.soldItems(ids('item-sold', 'listing')),
    describers.intruders(ids('broken-into', 'intrusion')),
  ]);
  return entries.map((e) => {
    const reference = references.get(e.id) ?? '';
    if (e.kind === 'mission-reward') return { ...e, detail: missionTitle(reference) };
    if (e.kind === 'item-sold') return { ...e, detail: items.get(idIn(reference, 'listing') ?? 0) ?? null };
    if (e.kind === 'broken-into') return { ...e, detail: intruders.get(idIn(reference, 'intrusion') ?? 0) ?? null };
    return e;
  });
}

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
      const entry = { id: row.id, kind, detail: null, telnet: row.delta, createdAt: row.createdAt.toISOString() };
      runs.set(run, entry);
      entries.push(entry);
      continue;
    }
    entries.push({ id: row.id, kind, detail: null, telnet: row.delta, createdAt: row.createdAt.toISOString() });
  }
  return entries;
}

/** While you were away (ADR 064): what happened to the player since they last read the log, from the ledger. */
export function createActivityService({
  database,
  describers,
}: {
  database: Database;
  describers: ActivityDescribers;
}) {
  const { db } = database;
  const unseenRows = async (userId: number, limit: number) =>
    activityRowsAfter(db, userId, await store.seenId(db, userId), limit);
  return {
    /** The newest unseen entries (reading does not mark them seen: POST /seen does, with the id the player saw). */
    async log(userId: number, limit: number): Promise<ActivityLog> {
      const rows = await unseenRows(userId, infra.activityPageMax);
      const entries = toEntries(rows);
      const references = new Map(rows.map((r) => [r.id, r.reference]));
      return { entries: await describe(entries.slice(0, limit), references, describers), unseen: entries.length };
    },
    async unseen(userId: number): Promise<number> {
      return toEntries(await unseenRows(userId, infra.activityPageMax)).length;
    },
    /** Marks seen up to the entry shown, never past the player's own newest row (another's id moves nothing of theirs). */
    async markSeen(userId: number, upToId: number): Promise<void> {
      const newest = await newestLedgerIdUpTo(db, userId, upToId);
      if (newest > 0) await store.markSeen(db, userId, newest);
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
