import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balance } from '../balance';
import { texts } from '../texts';
import {
  addDroneStep,
  droneConnectionRatePct,
  droneMaxClicksPerRun,
  droneStepDueAt,
  droneStepsPerRun,
  expectedDroneClickReturnTelnet,
  experienceBetween,
  planDroneRun,
} from './drone';
import { applyDecodes, expForLevel } from './exp';

describe('drone purchase (spec §1, ADR 021)', () => {
  it('runs ten 30 s steps and holds 250 clicks at most', () => {
    expect(droneStepsPerRun).toBe(10);
    expect(droneMaxClicksPerRun).toBe(250);
    expect(droneStepDueAt(1_000, 0)).toBe(31_000);
    expect(droneStepDueAt(1_000, 9)).toBe(301_000);
  });

  it.each([
    [1, 1, 0, [0, 0, 0, 0, 0, 0, 0, 0, 0, 1]],
    [25, 25, 0, [2, 3, 2, 3, 2, 3, 2, 3, 2, 3]],
    [250, 250, 0, [25, 25, 25, 25, 25, 25, 25, 25, 25, 25]],
    [300, 250, 50, [25, 25, 25, 25, 25, 25, 25, 25, 25, 25]],
  ])('%i Telnet → %i clicks, %i refunded', (offered, clicks, refund, steps) => {
    expect(planDroneRun(offered)).toEqual({ clicks, refundTelnet: refund, clicksPerStep: steps });
  });

  it('never loses or makes Telnet: clicks + refund = offer, each step ≤ 25, steps sum to clicks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (offered) => {
        const plan = planDroneRun(offered);
        expect(plan.clicks + plan.refundTelnet).toBe(offered);
        expect(plan.clicksPerStep.reduce((a, b) => a + b, 0)).toBe(plan.clicks);
        for (const c of plan.clicksPerStep) expect(c).toBeLessThanOrEqual(25);
      }),
    );
  });
});

describe('drone harvest (spec §2 dialog figures)', () => {
  it('adds steps, keeping the first level and the latest one', () => {
    const h0 = { experience: 0, clicks: 0, levelBefore: 3, newLevel: 3, telnetEarned: 0, lostDrops: 0 };
    const h1 = addDroneStep(h0, { experience: 30, clicks: 10, newLevel: 4, telnetEarned: 1, lostDrops: 0 });
    const h2 = addDroneStep(h1, { experience: 40, clicks: 10, newLevel: 6, telnetEarned: 1, lostDrops: 2 });
    expect(h2).toEqual({ experience: 70, clicks: 20, levelBefore: 3, newLevel: 6, telnetEarned: 2, lostDrops: 2 });
  });

  it('measures experience across level-ups as the decodes gave it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 300 }), (level, decodes) => {
        const before = { level, currentExp: 0, maxExp: expForLevel(level) };
        const after = applyDecodes(before, decodes);
        let given = 0;
        let s = before;
        for (let i = 0; i < decodes; i++) {
          given += Math.max(1, s.level);
          s = applyDecodes(s, 1);
        }
        // At the level ceiling experience is clamped; below it the two agree.
        if (after.level < 200) expect(experienceBetween(before, after, expForLevel)).toBe(given);
      }),
      { numRuns: 50 },
    );
  });
});

describe("the drone's Telnet (ADR 051)", () => {
  it('pays the connection rate below the cap and the cap above it', () => {
    expect(droneConnectionRatePct(10)).toBe(10);
    expect(droneConnectionRatePct(balance.droneTelnetRateCapPct)).toBe(balance.droneTelnetRateCapPct);
    expect(droneConnectionRatePct(90)).toBe(balance.droneTelnetRateCapPct);
    expect(droneConnectionRatePct(100)).toBe(balance.droneTelnetRateCapPct);
  });

  it('is what the drone card tells the player', () => {
    expect(texts.optimizer.droneHelp).toContain(`at most ${balance.droneTelnetRateCapPct}%`);
  });

  it('never returns a whole Telnet per click, whatever the connection rate, cores counted', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: balance.connectionRateCapPct }),
        (rate) => expectedDroneClickReturnTelnet(rate) < balance.droneTelnetPerClick,
      ),
    );
  });
});
