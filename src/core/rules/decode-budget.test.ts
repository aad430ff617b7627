import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balance } from '../balance';
import {
  countDecodes,
  cumulativeDecodeYield,
  decodeYieldFactor,
  decodesThatRollDrops,
  telnetCentsForDecodes,
} from './decode-budget';
import { applyDecodes } from './exp';
import { convertDecodesToTelnet } from './telnet';

const full = balance.fullYieldDecodesPerDay;
const dayMs = 86_400_000;

/** Telnet a whole UTC day of `decodes` decodes pays through the server's conversion, in batches of 3. */
function telnetForDay(decodes: number, connectionRatePct: number): number {
  let state = { telnet: 0, remainderCents: 0 };
  let total = 0;
  for (let before = 0; before < decodes; before += 3) {
    state = convertDecodesToTelnet(Math.min(3, decodes - before), connectionRatePct, state.remainderCents, before);
    total += state.telnet;
  }
  return total;
}

describe('daily decode budget', () => {
  it('pays a human day in full: every decode up to the budget earns what it always did', () => {
    expect(telnetForDay(full, 10)).toBe(full / 10);
    expect(telnetForDay(full, 100)).toBe(full);
    expect(decodeYieldFactor(full - 1)).toBe(1);
    expect(decodeYieldFactor(full)).toBeLessThan(1);
  });

  it.each([
    ['a slow grinder (3 s a row)', 4_800],
    ["the guide's human pace (2 s a row)", 7_200],
    ['a fast grinder (1.5 s a row)', 9_600],
  ])('a script at the ceiling 24/7 earns at most twice the Telnet of %s over 4 h', (_who, grinderDecodes) => {
    const scriptDecodes = balance.tapRefillPerSecond * 86_400; // 129,600
    for (const rate of [10, 55, 100]) {
      expect(telnetForDay(scriptDecodes, rate)).toBeLessThanOrEqual(2 * telnetForDay(grinderDecodes, rate));
    }
  });

  it("leaves a new player's first day alone: level 10 in 559 decodes (about 20 minutes) is all full yield", () => {
    const reached = applyDecodes({ level: 1, currentExp: 0, maxExp: 10 }, 559);
    expect(reached.level).toBe(10);
    expect(cumulativeDecodeYield(559)).toBe(559);
  });

  it('never pays more for a later decode, and never more than the budget plus its tail in a day', () => {
    const ceiling = full + balance.decodeYieldHalfLifeDecodes / Math.LN2;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 100_000 }), (n, more) => {
        expect(decodeYieldFactor(n + more)).toBeLessThanOrEqual(decodeYieldFactor(n));
        expect(decodeYieldFactor(n)).toBeGreaterThanOrEqual(0);
        expect(decodeYieldFactor(n)).toBeLessThanOrEqual(1);
        expect(cumulativeDecodeYield(n + more)).toBeGreaterThanOrEqual(cumulativeDecodeYield(n));
        expect(cumulativeDecodeYield(n)).toBeLessThanOrEqual(ceiling);
      }),
    );
  });

  it('pays a day the same however its decodes are split into batches', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 400 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 10, max: 100 }),
        (batches, start, rate) => {
          let before = start;
          let cents = 0;
          for (const n of batches) {
            cents += telnetCentsForDecodes(before, n, rate);
            before += n;
          }
          expect(cents).toBe(telnetCentsForDecodes(start, before - start, rate));
        },
      ),
    );
  });

  it('counts decodes per UTC day: the next day starts full again', () => {
    const today = 20_000 * dayMs;
    let step = countDecodes({ day: 0, decodes: 0 }, today + 5, 3);
    expect(step).toEqual({ decodesBefore: 0, counter: { day: 20_000, decodes: 3 } });
    step = countDecodes(step.counter, today + dayMs - 1, 4);
    expect(step).toEqual({ decodesBefore: 3, counter: { day: 20_000, decodes: 7 } });
    step = countDecodes(step.counter, today + dayMs, 2);
    expect(step).toEqual({ decodesBefore: 0, counter: { day: 20_001, decodes: 2 } });
    // An instance whose clock still reads yesterday keeps counting today.
    expect(countDecodes(step.counter, today + dayMs - 10, 1).decodesBefore).toBe(2);
  });

  it('rolls drops for every full-yield decode without drawing, and for fewer and fewer past the budget', () => {
    const never = () => {
      throw new Error('drew a random number within the budget');
    };
    expect(decodesThatRollDrops(never, 0, 50)).toBe(50);
    const half = () => 0.5;
    const pastOneHalfLife = full + balance.decodeYieldHalfLifeDecodes;
    expect(decodesThatRollDrops(half, pastOneHalfLife - 10, 20)).toBe(10); // the factor crosses ½ there
    expect(decodesThatRollDrops(() => 0.99, full + 50_000, 50)).toBe(0);
  });
});
