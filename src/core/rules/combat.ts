/** Critical-hit damage (spec §9): attack * (2 + bonusCriticalHit/100), rounded down. */
export function critDamage(attack: number, bonusCriticalHitPct: number): number {
  return Math.floor(attack * (2 + bonusCriticalHitPct / 100));
}

/** Rolls one hit: crit with chance criticalRate/100, otherwise damage equals attack (spec §9). */
export function rollDamage(
  stats: { attack: number; criticalRate: number; bonusCriticalHit: number },
  random: () => number,
): { damage: number; isCritical: boolean } {
  const isCritical = random() < stats.criticalRate / 100;
  return isCritical
    ? { damage: critDamage(stats.attack, stats.bonusCriticalHit), isCritical }
    : { damage: stats.attack, isCritical };
}
