import { balance } from '../balance';

/** The boss's integrity at a level (docs/game-rules.md §19): bossIntegrityPerLevel × level. */
export function bossMaxIntegrity(level: number): number {
  return balance.bossIntegrityPerLevel * level;
}

/** Telnet paid for the last hit and for the most damage on a boss of this level (game-rules §19). */
export function bossRewards(level: number): { lastHit: number; mostDamage: number } {
  return { lastHit: balance.bossLastHitRewardPerLevel * level, mostDamage: balance.bossMostDamageRewardPerLevel * level };
}

/**
 * spec §1: the blacklist chance grows with player level minus boss level. 0 at or below the boss's
 * level, +blacklistPctPerLevel per level above it, never above blacklistMaxPct. Returned as 0..1.
 */
export function blacklistChance(playerLevel: number, bossLevel: number): number {
  const pct = Math.min(balance.blacklistMaxPct, Math.max(0, (playerLevel - bossLevel) * balance.blacklistPctPerLevel));
  return pct / 100;
}

/** Rolls the blacklist for one winner with server randomness in [0, 1). */
export function isBlacklisted(playerLevel: number, bossLevel: number, random: () => number): boolean {
  return random() < blacklistChance(playerLevel, bossLevel);
}

/** spec §1/§9: the next boss spawns 2 hours after the defeat. */
export function nextSpawnAt(defeatedAtMs: number): number {
  return defeatedAtMs + balance.bossRespawnHours * 3_600_000;
}

/** Integrity after a hit: never below 0 (spec §4). */
export function integrityAfter(integrity: number, damage: number): number {
  return Math.max(0, integrity - damage);
}

export interface Hit {
  userId: number;
  damage: number;
  /** Order of the hit (its row id): an earlier hit wins a tie. */
  order: number;
}

/**
 * The MOST DAMAGE winner: the player with the highest total damage on the boss; a tie goes to the
 * player whose first hit came earliest. null without hits.
 */
export function mostDamage(hits: readonly Hit[]): { userId: number; damage: number } | null {
  const totals = new Map<number, { damage: number; first: number }>();
  for (const h of hits) {
    const t = totals.get(h.userId) ?? { damage: 0, first: h.order };
    totals.set(h.userId, { damage: t.damage + h.damage, first: Math.min(t.first, h.order) });
  }
  let best: { userId: number; damage: number; first: number } | null = null;
  for (const [userId, t] of totals) {
    if (!best || t.damage > best.damage || (t.damage === best.damage && t.first < best.first)) best = { userId, ...t };
  }
  return best && { userId: best.userId, damage: best.damage };
}

/** spec §9 countdown text: HH:MM:SS until the next spawn, or null once it is due ('Spawning soon...'). */
export function formatCountdown(msLeft: number): string | null {
  if (msLeft <= 0) return null;
  const s = Math.ceil(msLeft / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
