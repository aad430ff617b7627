import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balance } from '../balance';
import {
  alertsVictim,
  extraDirectoryPrice,
  hackAmount,
  hackRefusal,
  intrusionCooldownUntil,
  maxDirectories,
  type HackParties,
} from './terminal';

const day = 86_400_000;

describe('Terminal rules (docs/game-rules.md §18)', () => {
  it.each([
    [1, 0, 1],
    [5, 0, 1],
    [6, 0, 2],
    [21, 0, 5],
    [99, 0, 5],
    [1, 3, 4],
    [30, 5, 10],
  ])('level %i with %i extras holds %i directories', (level, extras, max) => {
    expect(maxDirectories(level, extras)).toBe(max);
  });

  it('prices the n-th extra directory at n × 120 and refuses a sixth', () => {
    expect([0, 1, 2, 3, 4, 5].map(extraDirectoryPrice)).toEqual([120, 240, 360, 480, 600, null]);
  });

  it('a hack takes 30 % rounded down, never more than the victim has', () => {
    expect(hackAmount(1000)).toBe(300);
    expect(hackAmount(9)).toBe(2);
    expect(hackAmount(3)).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        (b) => hackAmount(b) <= b && hackAmount(b) >= 0 && Number.isInteger(hackAmount(b)),
      ),
    );
  });

  const ok: HackParties = {
    attackerLevel: 10,
    victimLevel: 8,
    victimRegisteredAt: 0,
    victimHasHacked: false,
    victimShieldUntil: null,
    lastHackOfVictimAt: null,
    now: 2 * day,
  };
  it.each([
    [{}, null],
    [{ attackerLevel: 4 }, 'attacker-low-level'],
    [{ attackerLevel: 1, victimLevel: 8 }, 'attacker-low-level'],
    [{ attackerLevel: 5 }, null],
    [{ victimLevel: 4 }, 'victim-low-level'],
    [{ victimRegisteredAt: 2 * day - 1000 }, 'victim-too-new'],
    [{ victimRegisteredAt: 2 * day - 1000, victimHasHacked: true }, null],
    [{ attackerLevel: 19 }, 'level-gap'],
    [{ attackerLevel: 18 }, null],
    [{ attackerLevel: 5, victimLevel: 16 }, 'level-gap-above'],
    [{ attackerLevel: 5, victimLevel: 15 }, null],
    [{ victimShieldUntil: 2 * day + 1 }, 'victim-shielded'],
    [{ victimShieldUntil: 2 * day }, null],
    [{ lastHackOfVictimAt: day + 1 }, 'already-hacked-today'],
    [{ lastHackOfVictimAt: day }, null],
  ] as const)('%j → %s', (change, expected) => {
    expect(hackRefusal({ ...ok, ...change })).toBe(expected);
  });

  const level = fc.integer({ min: 1, max: balance.maxLevel });
  it('no account below level 5 can hack anyone, at any level gap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: balance.hackShieldMinLevel - 1 }),
        level,
        fc.boolean(),
        (attackerLevel, victimLevel, victimHasHacked) => {
          expect(hackRefusal({ ...ok, attackerLevel, victimLevel, victimHasHacked })).not.toBeNull();
        },
      ),
    );
  });
  it('the level gap binds both ways: whoever may hack whom, the other may hack back', () => {
    fc.assert(
      fc.property(level, level, (a, b) => {
        const gapRefusals: (string | null)[] = ['level-gap', 'level-gap-above'];
        const there = hackRefusal({ ...ok, attackerLevel: a, victimLevel: b, victimHasHacked: true });
        const back = hackRefusal({ ...ok, attackerLevel: b, victimLevel: a, victimHasHacked: true });
        expect(there === null).toBe(back === null);
        if (Math.abs(a - b) > balance.hackMaxLevelGap && a >= 5 && b >= 5) expect(gapRefusals).toContain(there);
      }),
    );
  });
});

describe('intrusion cooldown and alerts (ADR 049)', () => {
  const cooldown = balance.intrusionCooldownMinutes * 60_000;
  const window = balance.intrusionAlertWindowMinutes * 60_000;
  it('runs from the end of the last intrusion; one still open ends now', () => {
    expect(intrusionCooldownUntil(null, day)).toBeNull();
    expect(intrusionCooldownUntil(day - 1000, day)).toBe(day - 1000 + cooldown);
    expect(intrusionCooldownUntil(day - cooldown, day)).toBeNull();
    expect(intrusionCooldownUntil(day + 60_000, day)).toBe(day + cooldown); // open until later: ends now
  });
  it('alerts once per window', () => {
    expect(alertsVictim(null, day)).toBe(true);
    expect(alertsVictim(day - window + 1, day)).toBe(false);
    expect(alertsVictim(day - window, day)).toBe(true);
  });
});
