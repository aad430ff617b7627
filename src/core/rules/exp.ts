import { balance } from '../balance';

/** Experience needed to finish `level` (spec §9: 10 at level 1, floor((n*15)^1.35) above). */
export function expForLevel(level: number): number {
  if (level <= 1) return balance.firstLevelExp;
  return Math.floor((level * balance.expCurveFactor) ** balance.expCurveExponent);
}

/** Experience one decode gives at `level`: the level itself, so each level takes ~39·n^0.35 rows. */
export function expPerDecode(level: number): number {
  return Math.max(1, level);
}

export interface ExpState {
  level: number;
  currentExp: number;
  maxExp: number;
}

/** Adds experience with carry-over level-ups (spec §4). Returns the new state and levels gained. */
export function addExp(state: ExpState, gained: number): ExpState & { levelsGained: number } {
  let { level, currentExp } = state;
  let maxExp = expForLevel(level);
  currentExp += gained;
  let levelsGained = 0;
  while (currentExp >= maxExp && level < balance.maxLevel) {
    currentExp -= maxExp;
    level += 1;
    levelsGained += 1;
    maxExp = expForLevel(level);
  }
  if (level >= balance.maxLevel) currentExp = Math.min(currentExp, maxExp);
  return { level, currentExp, maxExp, levelsGained };
}

/** Applies `decodes` decodes one at a time, since the exp per decode rises as levels are gained. */
export function applyDecodes(state: ExpState, decodes: number): ExpState & { levelsGained: number } {
  let current: ExpState = { ...state, maxExp: expForLevel(state.level) };
  let levelsGained = 0;
  for (let i = 0; i < decodes; i++) {
    const next = addExp(current, expPerDecode(current.level));
    levelsGained += next.levelsGained;
    current = { level: next.level, currentExp: next.currentExp, maxExp: next.maxExp };
  }
  return { ...current, levelsGained };
}
