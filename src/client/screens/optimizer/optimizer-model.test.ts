import { describe, expect, it } from 'vitest';
import type { OptimizerStatus } from '../../../core/api/optimizer';
import { texts } from '../../../core/texts';
import {
  formatCountdown,
  formatMinutes,
  formatRate,
  msRemaining,
  nextStep,
  startButton,
  stateLabel,
} from './optimizer-model';

const idle: OptimizerStatus = {
  currentLevel: 0,
  currentConnectionRate: 10,
  isActive: false,
  timeRemaining: 0,
  canCollectReward: false,
  nextUpgradeCost: 20,
  nextUpgradeTime: 1,
  endsAt: null,
  serverNow: 0,
  maxLevel: 80,
};

describe('optimizer start button (spec §2)', () => {
  it('is enabled only when idle, below 80 and affordable', () => {
    expect(startButton(idle, 20).enabled).toBe(true);
    expect(startButton(idle, 19)).toMatchObject({ enabled: false, reason: texts.optimizer.notEnoughTelnet });
    expect(startButton({ ...idle, isActive: true }, 1000)).toMatchObject({
      enabled: false,
      reason: texts.optimizer.upgradeRunning,
      tone: 'running',
    });
    expect(
      startButton({ ...idle, currentLevel: 80, nextUpgradeCost: null, nextUpgradeTime: null }, 1000),
    ).toMatchObject({ enabled: false, reason: texts.optimizer.requirementsNotMet });
  });
});

describe('NEXT UPGRADE while one runs', () => {
  it("shows the server's figures when idle, and the step after the running one while it runs", () => {
    expect(nextStep(idle)).toEqual({ fromLevel: 0, costTelnet: 20, minutes: 1, afterRunning: false });
    // Level 0 running (the server still names it: 20 Telnet, 1 min): the card shows level 1 → 2.
    expect(nextStep({ ...idle, isActive: true })).toEqual({
      fromLevel: 1,
      costTelnet: 22,
      minutes: 3,
      afterRunning: true,
    });
  });

  it('has nothing after the last upgrade, running or done', () => {
    expect(nextStep({ ...idle, currentLevel: 79, isActive: true, nextUpgradeCost: 1, nextUpgradeTime: 1 })).toBeNull();
    expect(nextStep({ ...idle, currentLevel: 80, nextUpgradeCost: null, nextUpgradeTime: null })).toBeNull();
    expect(nextStep({ ...idle, currentLevel: 78, isActive: true })).toMatchObject({
      fromLevel: 79,
      afterRunning: true,
    });
  });
});

describe('countdown from the server end time', () => {
  it('uses the server clock offset, so a tab whose clock is 5 min fast still shows the right time', () => {
    const offset = -300_000; // this tab's clock is 5 min ahead of the server
    expect(msRemaining(1_060_000, 1_300_000 + 10_000, offset)).toBe(50_000);
    expect(msRemaining(null, 0, 0)).toBe(0);
    expect(msRemaining(1000, 5000, 0)).toBe(0);
  });

  it('formats as MM:SS or HH:MM:SS, rounding up', () => {
    expect(formatCountdown(59_001)).toBe('01:00');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(3_600_000 + 61_000)).toBe('01:01:01');
  });

  it('names the state and formats rates and minutes', () => {
    expect(stateLabel({ ...idle, isActive: true }, 1000)).toBe(texts.optimizer.active);
    expect(stateLabel({ ...idle, isActive: true }, 0)).toBe(texts.optimizer.ready);
    expect(stateLabel(idle, 0)).toBe(texts.optimizer.idle);
    expect(formatRate(10)).toBe('10.00%');
    expect(formatMinutes(159)).toBe('2 h 39 min');
    expect(formatMinutes(45)).toBe('45 min');
  });
});
