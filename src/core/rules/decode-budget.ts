import { balance } from '../balance';

// The daily decode budget (ADR 052): a UTC day's first decodes pay in full, later ones less and
// less, so decoding around the clock at the tap-rate ceiling cannot out-earn a human's long day.

const msPerDay = 86_400_000;

/**
 * Full-yield-equivalent decodes of a day's first `decodesToday` decodes: the count itself up to
 * the full-yield budget, then a tail that halves every half-life and never adds more than
 * halfLife / ln 2 in total.
 */
export function cumulativeDecodeYield(decodesToday: number): number {
  const full = balance.fullYieldDecodesPerDay;
  if (decodesToday <= full) return Math.max(0, decodesToday);
  const halfLife = balance.decodeYieldHalfLifeDecodes;
  return full + (halfLife / Math.LN2) * (1 - 2 ** (-(decodesToday - full) / halfLife));
}

/** What the next decode pays (in Telnet and drop chances), as a share of a full decode, after `decodesToday` decodes today. */
export function decodeYieldFactor(decodesToday: number): number {
  if (decodesToday + 1 <= balance.fullYieldDecodesPerDay) return 1;
  return cumulativeDecodeYield(decodesToday + 1) - cumulativeDecodeYield(decodesToday);
}

/**
 * Hundredths of a Telnet that `decodes` decodes pay when `decodesBefore` were already made today.
 * A difference of two whole amounts, so a day's batches add up to exactly what one batch would.
 */
export function telnetCentsForDecodes(decodesBefore: number, decodes: number, connectionRatePct: number): number {
  const centsPerDecode = Math.round(connectionRatePct);
  const centsAfter = Math.floor(cumulativeDecodeYield(decodesBefore + decodes) * centsPerDecode);
  const centsBefore = Math.floor(cumulativeDecodeYield(decodesBefore) * centsPerDecode);
  return centsAfter - centsBefore;
}

/**
 * How many of a batch's decodes roll for drops: each one within the full-yield budget does, each
 * later one with chance decodeYieldFactor. Full-yield decodes draw no random number.
 */
export function decodesThatRollDrops(random: () => number, decodesBefore: number, decodes: number): number {
  let rolling = 0;
  for (let i = 0; i < decodes; i++) {
    const factor = decodeYieldFactor(decodesBefore + i);
    if (factor >= 1 || random() < factor) rolling += 1;
  }
  return rolling;
}

/** A player's decodes counted for one UTC day (`day` = whole days since the epoch). */
export interface DecodeDayCounter {
  day: number;
  decodes: number;
}

/** The UTC day a moment falls in, as whole days since the epoch. */
export function decodeDayOf(nowMs: number): number {
  return Math.floor(nowMs / msPerDay);
}

/**
 * Counts `decodes` more decodes at `nowMs`: a new UTC day starts from 0. A clock that reads an
 * earlier day than the counter (another instance a little behind) keeps counting the counter's day.
 */
export function countDecodes(
  counter: DecodeDayCounter,
  nowMs: number,
  decodes: number,
): { decodesBefore: number; counter: DecodeDayCounter } {
  const day = Math.max(decodeDayOf(nowMs), counter.day);
  const decodesBefore = day === counter.day ? counter.decodes : 0;
  return { decodesBefore, counter: { day, decodes: decodesBefore + decodes } };
}
