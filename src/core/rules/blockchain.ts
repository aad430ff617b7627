import { balance } from '../balance';

/** The least integrity a boss of a level has (docs/game-rules.md §19): bossIntegrityPerLevel × level. */
export function bossMaxIntegrity(level: number): number {
  return balance.bossIntegrityPerLevel * level;
}

/** What the previous boss took to kill: its integrity, how many cracks, and the damage they dealt (overkill included). */
export interface PreviousBossKill {
  maxIntegrity: number;
  cracks: number;
  totalDamage: number;
}

/**
 * The next boss's integrity (ADR 050): bossTargetCracks times the previous boss's damage per crack, so
 * the boss keeps taking about that many cracks whatever the players' gear; it moves at most ×4 up or ×½
 * down per boss, never below the level's 10·L nor above the ceiling. Without a previous kill, 10·L.
 */
export function nextBossIntegrity(level: number, previous: PreviousBossKill | null): number {
  const floor = bossMaxIntegrity(level);
  if (!previous || previous.cracks <= 0) return Math.min(balance.bossIntegrityCeiling, floor);
  const perCrack = previous.totalDamage / previous.cracks;
  const wanted = Math.round(balance.bossTargetCracks * perCrack);
  const bounded = Math.min(
    previous.maxIntegrity * balance.bossIntegrityMaxGrowth,
    Math.max(previous.maxIntegrity * balance.bossIntegrityMaxShrink, wanted),
  );
  return Math.min(balance.bossIntegrityCeiling, Math.max(floor, Math.round(bounded)));
}

/** Telnet paid for the last hit and for the most damage on a boss of this level, capped per kill at bossRewardCapLevel's (game-rules §19). */
export function bossRewards(level: number): { lastHit: number; mostDamage: number } {
  const paidLevel = Math.min(level, balance.bossRewardCapLevel);
  return {
    lastHit: balance.bossLastHitRewardPerLevel * paidLevel,
    mostDamage: balance.bossMostDamageRewardPerLevel * paidLevel,
  };
}

/** What a reward pays a player who already received `paidTodayTelnet` in boss rewards this UTC day: never past the daily cap. */
export function rewardWithinDailyCap(reward: number, paidTodayTelnet: number): number {
  return Math.max(0, Math.min(reward, balance.bossDailyRewardCapTelnet - paidTodayTelnet));
}

/** A winning card's player: who, what boss rewards they already received this UTC day, and their blacklist roll. */
export interface BossWinner {
  userId: number;
  paidTodayTelnet: number;
  blacklisted: boolean;
}

/**
 * What a defeat pays each card (ADR 050): the level's rewards capped per kill, nothing to a blacklisted
 * winner, and never past a player's daily cap; one player winning both cards is paid LAST HIT first.
 */
export function bossPayouts(
  level: number,
  lastHitter: BossWinner,
  topDamage: BossWinner,
): { lastHit: number; mostDamage: number } {
  const rewards = bossRewards(level);
  const lastHit = lastHitter.blacklisted ? 0 : rewardWithinDailyCap(rewards.lastHit, lastHitter.paidTodayTelnet);
  const alreadyToday = topDamage.paidTodayTelnet + (topDamage.userId === lastHitter.userId ? lastHit : 0);
  const mostDamage = topDamage.blacklisted ? 0 : rewardWithinDailyCap(rewards.mostDamage, alreadyToday);
  return { lastHit, mostDamage };
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
