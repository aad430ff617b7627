import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balance } from '../balance';
import {
  canStartOptimizer,
  connectionRateForLevel,
  optimizerUpgradeCost,
  optimizerUpgradeMinutes,
  optimizerUpgradeTable,
  secondsRemaining,
} from './optimizer';

describe('optimizer upgrade table (spec §9, game-rules §16)', () => {
  it.each([
    [0, 20, 1, 11],
    [1, 22, 3, 12],
    [10, 43, 21, 21],
    [40, 434, 81, 51],
    [79, 8740, 159, 90],
  ])('level %i → cost %i Telnet, %i minutes, rate after %i %%', (level, cost, minutes, rate) => {
    expect(optimizerUpgradeCost(level)).toBe(cost);
    expect(optimizerUpgradeMinutes(level)).toBe(minutes);
    expect(optimizerUpgradeTable[level]).toEqual({
      fromLevel: level,
      costTelnet: cost,
      durationMinutes: minutes,
      connectionRatePct: rate,
    });
  });

  it('has one row per level below the max, and cost and time never fall as the level rises', () => {
    expect(optimizerUpgradeTable).toHaveLength(balance.optimizerMaxLevel);
    for (let i = 1; i < optimizerUpgradeTable.length; i++) {
      expect(optimizerUpgradeTable[i]!.costTelnet).toBeGreaterThanOrEqual(optimizerUpgradeTable[i - 1]!.costTelnet);
      expect(optimizerUpgradeTable[i]!.durationMinutes).toBeGreaterThan(optimizerUpgradeTable[i - 1]!.durationMinutes);
    }
  });
});

describe('connection rate (spec §9: base 10 %, +1 % per level, cap 100 %; ADR 020)', () => {
  it('is 10 % at level 0 and 90 % at the max level 80', () => {
    expect(connectionRateForLevel(0)).toBe(10);
    expect(connectionRateForLevel(80)).toBe(90);
  });

  it('stays within 10..100 and rises by exactly 1 per level, for any input', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (level) => {
        const rate = connectionRateForLevel(level);
        expect(rate).toBeGreaterThanOrEqual(10);
        expect(rate).toBeLessThanOrEqual(balance.connectionRateCapPct);
        if (level >= 0 && level < balance.optimizerMaxLevel) expect(connectionRateForLevel(level + 1) - rate).toBe(1);
      }),
    );
  });
});

describe('optimizer start (spec §2)', () => {
  it('refuses while active, at level 80, or when the player cannot pay', () => {
    expect(canStartOptimizer({ level: 3, active: true, telnet: 10_000 })).toEqual({ ok: false, reason: 'active' });
    expect(canStartOptimizer({ level: 80, active: false, telnet: 10_000 })).toEqual({ ok: false, reason: 'max-level' });
    expect(canStartOptimizer({ level: 0, active: false, telnet: 19 })).toEqual({ ok: false, reason: 'insufficient' });
    expect(canStartOptimizer({ level: 0, active: false, telnet: 20 })).toEqual({
      ok: true,
      costTelnet: 20,
      durationMs: 60_000,
    });
  });

  it('counts whole seconds remaining, never below 0', () => {
    expect(secondsRemaining(10_000, 0)).toBe(10);
    expect(secondsRemaining(10_000, 9_001)).toBe(1);
    expect(secondsRemaining(10_000, 10_000)).toBe(0);
    expect(secondsRemaining(10_000, 99_000)).toBe(0);
  });
});
