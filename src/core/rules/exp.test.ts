import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addExp, applyDecodes, expForLevel, expPerDecode } from './exp';

describe('experience curve (spec §9)', () => {
  it.each([
    [1, 10],
    [2, 98], // floor(30^1.35)
    [10, 866], // floor(150^1.35)
    [80, 14_351], // floor(1200^1.35)
  ])('level %i needs %i', (level, needed) => {
    expect(expForLevel(level)).toBe(Math.floor(level === 1 ? 10 : (level * 15) ** 1.35));
    expect(expForLevel(level)).toBe(needed);
  });

  it('rises with every level', () => {
    for (let level = 1; level < 200; level++) expect(expForLevel(level + 1)).toBeGreaterThan(expForLevel(level));
  });
});

describe('levelling up (spec §4)', () => {
  it('carries the excess over and recomputes the maximum', () => {
    expect(addExp({ level: 1, currentExp: 8, maxExp: 10 }, 5)).toEqual({
      level: 2,
      currentExp: 3,
      maxExp: 98,
      levelsGained: 1,
    });
  });

  it('can gain several levels at once', () => {
    const r = addExp({ level: 1, currentExp: 0, maxExp: 10 }, 10 + 98 + 5);
    expect(r).toMatchObject({ level: 3, currentExp: 5, levelsGained: 2 });
  });

  it('ten decodes at level 1 make level 2 (1 exp per decode at level 1)', () => {
    expect(expPerDecode(1)).toBe(1);
    expect(applyDecodes({ level: 1, currentExp: 0, maxExp: 10 }, 10)).toEqual({
      level: 2,
      currentExp: 0,
      maxExp: 98,
      levelsGained: 1,
    });
  });

  it('never loses or invents experience (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 5000 }), (level, gained) => {
        const start = { level, currentExp: 0, maxExp: expForLevel(level) };
        const r = addExp(start, gained);
        let total = r.currentExp;
        for (let l = level; l < r.level; l++) total += expForLevel(l);
        expect(total).toBe(gained);
        expect(r.currentExp).toBeLessThan(r.maxExp);
      }),
    );
  });
});
