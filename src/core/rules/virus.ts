import { balance } from '../balance';
import { rollCore, type CoreDrop } from './drops';

/** One Virus package (spec §9): how many Trojans, and its price in cents. */
export type VirusPackage = (typeof balance.virusPackages)[number];
export type VirusPackageId = VirusPackage['id'];

/** The package sold for `trojanCount` Trojans, or undefined: the only place a price comes from. */
export function packageFor(trojanCount: number): VirusPackage | undefined {
  return balance.virusPackages.find((p) => p.trojanCount === trojanCount);
}

/** What the bundle saves against buying its Trojans one at a time, in cents: 400 (spec §9 prints 3.90; ADR 032). */
export function bundleSavingCents(): number {
  const single = packageFor(1)!;
  const bundle = balance.virusPackages.find((p) => p.id === 'bundle')!;
  return single.priceCents * bundle.trojanCount - bundle.priceCents;
}

/** Cents as the screen shows a price: "$19.90". */
export function formatUsd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** The odds table (spec §9), from the same weights the server rolls with: name and percent. */
export function trojanOdds(): { coreTypeId: number; name: string; percent: number }[] {
  const total = balance.telnetCoreTypes.reduce((s, c) => s + c.weight, 0);
  return balance.telnetCoreTypes.map((c) => ({ coreTypeId: c.id, name: c.name, percent: (c.weight * 100) / total }));
}

/** Executes `trojanCount` Trojans: each awards one core rolled by the T-1…T-5 weights (the taps' own roll). */
export function rollTrojans(random: () => number, trojanCount: number): CoreDrop[] {
  return Array.from({ length: trojanCount }, () => rollCore(random));
}

/** Start of the UTC day holding `nowMs`: the daily spending limit resets at 00:00 UTC. */
export function utcDayStart(nowMs: number): number {
  return nowMs - (((nowMs % 86_400_000) + 86_400_000) % 86_400_000);
}

export type SpendDecision =
  | { ok: true }
  | { ok: false; reason: 'daily-limit'; remainingCents: number }
  | { ok: false; reason: 'cooldown'; waitSeconds: number };

/**
 * Whether a player may start a purchase of `priceCents` now: under the daily limit counting every
 * purchase started today that is not failed, and at least the cooldown after their last one.
 */
export function canSpend(input: {
  priceCents: number;
  spentTodayCents: number;
  dailyLimitCents: number;
  lastStartedAtMs: number | null;
  nowMs: number;
  cooldownSeconds: number;
}): SpendDecision {
  // The limit first: it is the answer that holds all day, the cooldown only for seconds.
  const remainingCents = Math.max(0, input.dailyLimitCents - input.spentTodayCents);
  if (input.priceCents > remainingCents) return { ok: false, reason: 'daily-limit', remainingCents };
  const waitSeconds = cooldownLeftSeconds(input.lastStartedAtMs, input.nowMs, input.cooldownSeconds);
  if (waitSeconds > 0) return { ok: false, reason: 'cooldown', waitSeconds };
  return { ok: true };
}

/** Whole seconds until a player may start another purchase (0 when they may now), rounded up. */
export function cooldownLeftSeconds(lastStartedAtMs: number | null, nowMs: number, cooldownSeconds: number): number {
  if (lastStartedAtMs === null) return 0;
  return Math.max(0, Math.ceil((lastStartedAtMs + cooldownSeconds * 1000 - nowMs) / 1000));
}
