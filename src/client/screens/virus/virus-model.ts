import type { PurchaseRow, PurchaseStatus } from '../../../core/api/virus';
import { balance } from '../../../core/balance';
import { bundleSavingCents, formatUsd, trojanOdds, type VirusPackage } from '../../../core/rules/virus';
import { texts } from '../../../core/texts';

const t = texts.virus;

/** A package card as the screen shows it: title, what it awards, its price, and the saving for the bundle. */
export interface PackageCardView {
  pkg: VirusPackage;
  title: string;
  summary: string;
  price: string;
  saving: string | null;
}

/** The single and bundle cards (spec §2), from the server's own package list. */
export function packageCards(): PackageCardView[] {
  return balance.virusPackages.map((pkg) => ({
    pkg,
    title: pkg.id === 'bundle' ? t.bundleTitle : t.singleTitle,
    summary: t.trojans(pkg.trojanCount),
    price: formatUsd(pkg.priceCents),
    saving: pkg.id === 'bundle' ? t.save(formatUsd(bundleSavingCents())) : null,
  }));
}

/** The buy command as a card shows it: EXECUTE, or the cooldown's seconds before the player clicks. */
export interface BuyCommandView {
  shown: string;
  /** Nothing can be bought here, or a purchase is starting: a plain disabled button. */
  disabled: boolean;
  /** Inside the cooldown: refused but focusable (aria-disabled), so it can say how long is left. */
  waitSeconds: number;
}

export function buyCommand(mode: string, starting: boolean, cooldownMsLeft: number): BuyCommandView {
  const waitSeconds = Math.ceil(Math.max(0, cooldownMsLeft) / 1000);
  return { shown: waitSeconds > 0 ? t.buyWait(waitSeconds) : t.buy, disabled: mode === 'off' || starting, waitSeconds };
}

/** The drop-rate table rows: the same weights the server rolls with, as whole or one-decimal percents. */
export function oddsRows(): { name: string; percent: string; coreTypeId: number }[] {
  return trojanOdds().map((o) => ({
    name: o.name,
    coreTypeId: o.coreTypeId,
    percent: `${Number.isInteger(o.percent) ? o.percent : o.percent.toFixed(1)}%`,
  }));
}

/** One history row, ready to print: date (UTC, to the minute), package, amount, cores, status. */
export interface HistoryRowView {
  id: number;
  date: string;
  pkg: string;
  amount: string;
  cores: string;
  status: string;
  tone: 'ok' | 'pending' | 'bad';
}

const tones: Record<PurchaseStatus, HistoryRowView['tone']> = {
  started: 'pending',
  owed: 'pending',
  fulfilled: 'ok',
  failed: 'bad',
  refunded: 'bad',
  disputed: 'bad',
};

export function historyRows(rows: readonly PurchaseRow[]): HistoryRowView[] {
  return rows.map((r) => ({
    id: r.id,
    date: `${r.createdAt.slice(0, 10)} ${r.createdAt.slice(11, 16)}`,
    pkg: r.trojanCount === 1 ? t.singleTitle : `${t.bundleTitle} ×${r.trojanCount}`,
    amount: `${formatUsd(r.amountCents)} ${r.currency.toUpperCase()}`,
    cores: r.coresAwarded === 0 ? '—' : summarizeCores(r.cores) + (r.coresRevoked > 0 ? ` (−${r.coresRevoked})` : ''),
    status: t.status[r.status],
    tone: tones[r.status],
  }));
}

/** "3× T-1, T-2": the cores a purchase awarded, grouped by type in T-1…T-5 order. */
export function summarizeCores(cores: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const c of cores) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, n]) => (n === 1 ? name : `${n}× ${name}`))
    .join(', ');
}

/** The spending line under the cards: today's total against the limit. */
export function limitLine(spentTodayCents: number, dailyLimitCents: number): string {
  return t.limitLine(formatUsd(spentTodayCents), formatUsd(dailyLimitCents));
}

/** A Stripe return to /virus (spec §7 return URL): the intent to complete, when the redirect says it succeeded. */
export function returnedIntent(search: string): string | null {
  const q = new URLSearchParams(search);
  const id = q.get('payment_intent');
  return id && /^pi_[A-Za-z0-9_]+$/.test(id) && q.get('redirect_status') === 'succeeded' ? id : null;
}

/**
 * Stripe.js may run only in a document loaded at /virus (the server widens the CSP for that document
 * alone, ADR 032). After a client-side navigation from another screen, the page reloads /virus once.
 */
export function needsDocumentLoad(mode: string, documentUrl: string | undefined): boolean {
  if (mode !== 'stripe' || !documentUrl) return false;
  try {
    return new URL(documentUrl).pathname !== '/virus';
  } catch {
    return false;
  }
}
