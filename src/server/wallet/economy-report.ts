import { ledgerCategory, refundOf, type LedgerCategory, type LedgerReason } from '../../core/ledger-reasons';
import type { ModerationReason } from '../../core/moderation-reasons';
import type { Database } from '../db/connect';

const dayMs = 86_400_000;

/** One UTC day of the ledger: the Telnet each reason moved (positive amounts), grouped by category. */
export interface EconomyDay {
  day: string;
  byCategory: Record<LedgerCategory, Partial<Record<LedgerReason, number>>>;
  /** What the day did to the total supply: minted + refunded − burned − taken back. */
  supplyChange: number;
}

export interface EconomyReport {
  since: string;
  days: EconomyDay[];
  /** Telnet held by every player now. */
  supply: number;
  /** The ten players who minted the most over the window, with their net change over it (moves included). */
  topEarners: Array<{ userId: number; username: string; minted: number; net: number }>;
  /** Players flagged as machine-like decoders (newest first), whatever the window. */
  flagged: Array<{ userId: number; username: string; reference: string; detail: string; at: string }>;
}

/** The moderation flag the decode checks write for timing no person types with (ADR 052). */
export const machineLikeFlag = 'machine-like-decoding' satisfies ModerationReason;
/** Flags listed at most: the newest. */
const flaggedShown = 50;
const topEarnersShown = 10;

const emptyDay = (day: string): EconomyDay => ({
  day,
  byCategory: { minted: {}, burned: {}, moved: {}, refunded: {}, 'taken-back': {} },
  supplyChange: 0,
});

/** The first instant of the window: midnight UTC `days − 1` days before `nowMs`'s day, so today counts as one of them. */
export function windowStart(nowMs: number, days: number): Date {
  return new Date(Math.floor(nowMs / dayMs) * dayMs - (days - 1) * dayMs);
}

/**
 * Reads the economy of the last `days` UTC days from the ledger (PostgreSQL or PGlite): every query is
 * bounded by the window's start on the ledger's created_at index, or by a row limit.
 */
export async function readEconomyReport(
  database: Database,
  options: { days: number; nowMs: number },
): Promise<EconomyReport> {
  const since = windowStart(options.nowMs, options.days);
  const mintedReasons = Object.entries(ledgerCategory)
    .filter(([, c]) => c === 'minted')
    .map(([r]) => r);
  const [perDay, earners, flagged, supply] = await Promise.all([
    database.query<{ day: string; reason: LedgerReason; total: string | number }>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, reason, sum(abs(delta)) AS total
       FROM telnet_ledger WHERE created_at >= $1 GROUP BY 1, 2 ORDER BY 1, 2`,
      [since.toISOString()],
    ),
    database.query<{ user_id: number; username: string; minted: string | number; net: string | number }>(
      `SELECT l.user_id, u.username, sum(CASE WHEN l.reason = ANY($2) THEN l.delta ELSE 0 END) AS minted, sum(l.delta) AS net
       FROM telnet_ledger l JOIN users u ON u.id = l.user_id WHERE l.created_at >= $1
       GROUP BY l.user_id, u.username ORDER BY 3 DESC, 1 LIMIT ${topEarnersShown}`,
      [since.toISOString(), mintedReasons],
    ),
    database.query<{ user_id: number; username: string; reference: string; detail: string; created_at: string | Date }>(
      `SELECT f.user_id, u.username, f.reference, f.detail, f.created_at FROM moderation_flags f JOIN users u ON u.id = f.user_id
       WHERE f.reason = $1 ORDER BY f.created_at DESC, f.id DESC LIMIT ${flaggedShown}`,
      [machineLikeFlag],
    ),
    database.query<{ total: string | number }>('SELECT coalesce(sum(telnet), 0) AS total FROM users'),
  ]);
  const days = new Map<string, EconomyDay>();
  for (const row of perDay) {
    const day = days.get(row.day) ?? emptyDay(row.day);
    const category = ledgerCategory[row.reason];
    const amount = Number(row.total);
    day.byCategory[category][row.reason] = amount;
    if (category === 'minted' || category === 'refunded') day.supplyChange += amount;
    if (category === 'burned' || category === 'taken-back') day.supplyChange -= amount;
    days.set(row.day, day);
  }
  return {
    since: since.toISOString().slice(0, 10),
    days: [...days.values()],
    supply: Number(supply[0]?.total ?? 0),
    topEarners: earners
      .filter((e) => Number(e.minted) > 0)
      .map((e) => ({ userId: Number(e.user_id), username: e.username, minted: Number(e.minted), net: Number(e.net) })),
    flagged: flagged.map((f) => ({
      userId: Number(f.user_id),
      username: f.username,
      reference: f.reference,
      detail: f.detail,
      at: new Date(f.created_at).toISOString(),
    })),
  };
}

const n = (value: number) => value.toLocaleString('en-US');
const sum = (amounts: Partial<Record<LedgerReason, number>>) => Object.values(amounts).reduce((s, a) => s + a, 0);
const listed = (amounts: Partial<Record<LedgerReason, number>>) =>
  Object.entries(amounts)
    .map(([reason, amount]) => `${reason} ${n(amount)}`)
    .join(' · ') || '—';

/** Burned net of the refunds that give part of it back (the drone's unused Telnet): what each spend really removed. */
export function netBurned(day: EconomyDay): number {
  let total = sum(day.byCategory.burned);
  for (const [refund, amount] of Object.entries(day.byCategory.refunded))
    if (refundOf[refund as LedgerReason]) total -= amount;
  return total;
}

/** The report as an operator reads it in a terminal: one block per day, then top earners and flagged accounts. */
export function formatEconomyReport(report: EconomyReport): string {
  const lines = [`Telnet by UTC day since ${report.since} (supply now ${n(report.supply)})`, ''];
  if (report.days.length === 0) lines.push('  no ledger rows in the window');
  for (const day of report.days) {
    const { minted, moved, refunded } = day.byCategory;
    const takenBack = sum(day.byCategory['taken-back']);
    lines.push(
      `${day.day}  minted ${n(sum(minted))}  burned ${n(netBurned(day))} (net of refunds ${n(sum(refunded))})  taken ` +
        `back ${n(takenBack)}  moved ${n(sum(moved) / 2)}  supply ${day.supplyChange >= 0 ? '+' : ''}${n(day.supplyChange)}`,
      `  minted:   ${listed(minted)}`,
      `  burned:   ${listed(day.byCategory.burned)}`,
      `  refunded: ${listed(refunded)}`,
      `  moved:    ${listed(moved)}`,
    );
    if (takenBack > 0) lines.push(`  taken back: ${listed(day.byCategory['taken-back'])}`);
  }
  lines.push('', `Top earners (minted over the window; net includes moves and spends)`);
  if (report.topEarners.length === 0) lines.push('  none');
  for (const [i, e] of report.topEarners.entries())
    lines.push(`  ${i + 1}. ${e.username} (#${e.userId})  minted ${n(e.minted)}  net ${n(e.net)}`);
  lines.push('', `Flagged as machine-like (${machineLikeFlag}; flagged, not punished)`);
  if (report.flagged.length === 0) lines.push('  none');
  for (const f of report.flagged)
    lines.push(`  ${f.username} (#${f.userId})  since ${f.at}  ${f.reference}${f.detail ? `  ${f.detail}` : ''}`);
  return lines.join('\n');
}
