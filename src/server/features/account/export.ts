import { Readable } from 'node:stream';
import type { ExportProfile } from '../../../core/api/account';
import { infra } from '../../../core/infra';
import type { Executor } from '../../db/connect';
import { listItems } from '../../inventory';
import { ledgerPageAfter } from '../../wallet';
import * as store from './store';

type Page = (userId: number, after: number, limit: number) => Promise<Array<{ id: number }>>;

/**
 * One part of DOWNLOAD MY DATA (ADR 057): a key of the JSON file and how to read it — one value,
 * or rows a page at a time by keyset (`after` = the last id of the page before), so no query reads
 * a huge history at once. Each feature reads its own tables.
 */
export type ExportSection =
  | { key: string; kind: 'value'; read: (userId: number) => Promise<unknown> }
  | { key: string; kind: 'rows'; page: Page };

/** What the sections are read from: the services that own the player's data. */
export interface ExportSources {
  db: Executor;
  chat: { exportPage: Page };
  ping: {
    exportPage: (
      userId: number,
      direction: 'sent' | 'received',
      after: number,
      limit: number,
    ) => Promise<Array<{ id: number }>>;
  };
  market: { exportPage: Page };
  kernel: { exportBits: Page; exportPastSeasons: (userId: number) => Promise<unknown> };
  missions: { exportCompletions: (userId: number) => Promise<unknown> };
  reports: { exportPage: Page };
}

async function profile(db: Executor, userId: number): Promise<ExportProfile> {
  const row = await store.profileOf(db, userId);
  if (!row) throw new Error(`export: no player ${userId}`);
  return { ...row, createdAt: row.createdAt.toISOString() };
}

async function items(db: Executor, userId: number) {
  const { gear, cores } = await listItems(db, userId);
  return {
    gear: gear.map((g) => ({
      id: g.id,
      type: g.type,
      name: g.name,
      rarity: g.rarity,
      level: g.level,
      statValue: g.statValue,
      isEquipped: g.isEquipped,
    })),
    cores: cores.map((c) => ({
      id: c.id,
      coreTypeId: c.coreTypeId,
      isOpened: c.isOpened,
      isUsed: c.isUsed,
      telnetRewarded: c.telnetRewarded,
    })),
  };
}

/**
 * The export's sections, in the file's order. A feature that keeps more of a player's data adds
 * its one line here.
 */
export function exportSections(s: ExportSources): readonly ExportSection[] {
  return [
    { key: 'profile', kind: 'value', read: (userId) => profile(s.db, userId) },
    { key: 'ledger', kind: 'rows', page: (userId, after, limit) => ledgerPageAfter(s.db, userId, after, limit) },
    { key: 'items', kind: 'value', read: (userId) => items(s.db, userId) },
    { key: 'marketListings', kind: 'rows', page: s.market.exportPage },
    { key: 'kernelBits', kind: 'rows', page: s.kernel.exportBits },
    { key: 'kernelPastSeasons', kind: 'value', read: s.kernel.exportPastSeasons },
    { key: 'chatLines', kind: 'rows', page: s.chat.exportPage },
    {
      key: 'privateMessagesSent',
      kind: 'rows',
      page: (userId, after, limit) => s.ping.exportPage(userId, 'sent', after, limit),
    },
    {
      key: 'privateMessagesReceived',
      kind: 'rows',
      page: (userId, after, limit) => s.ping.exportPage(userId, 'received', after, limit),
    },
    { key: 'missions', kind: 'value', read: s.missions.exportCompletions },
    { key: 'reportsMade', kind: 'rows', page: s.reports.exportPage },
  ];
}

const json = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (v instanceof Date ? v.toISOString() : v));

/**
 * The export as JSON text in pieces: each section in turn, row sections a page at a time, so the
 * response streams while the next page is read and memory holds one page, never the whole ledger.
 */
export async function* exportChunks(
  sections: readonly ExportSection[],
  userId: number,
  exportedAt: Date,
  pageRows: number = infra.accountExportPageRows,
) {
  yield `{"exportedAt":${json(exportedAt)}`;
  for (const section of sections) {
    yield `,${json(section.key)}:`;
    if (section.kind === 'value') {
      yield json(await section.read(userId));
      continue;
    }
    let after = 0;
    let first = true;
    yield '[';
    for (;;) {
      const rows = await section.page(userId, after, pageRows);
      if (rows.length > 0) {
        yield (first ? '' : ',') + rows.map(json).join(',');
        first = false;
        after = rows[rows.length - 1]!.id;
      }
      if (rows.length < pageRows) break;
    }
    yield ']';
  }
  yield '}\n';
}

/** The export as a stream for the reply. */
export function exportStream(
  sections: readonly ExportSection[],
  userId: number,
  exportedAt: Date,
  pageRows?: number,
): Readable {
  return Readable.from(exportChunks(sections, userId, exportedAt, pageRows));
}
