import { beforeAll, describe, expect, it } from 'vitest';
import { checkBand, type BandCheck } from './band';
import { simulate, type SimResult } from './simulate';

// The short run of the economy simulation: 300 players over the band's month, fixed seed. Deterministic:
// the same seed gives the same days, and the band's verdict depends only on the rules in src/core.
// Bounds below are for a loaded 2-core machine, not speed targets (the run takes ~11 s of CPU).
const short = { players: 300, days: 30, seed: 20 };

// One bullet of the band is not met yet (docs/game-rules.md "Economy band", status): the supply
// still grows faster than 5 % a day in the second week, while incomes ramp up, and for a day or two
// after a Kernel season change. Until a sink fixes it, its worst day may not get worse than today's.
const openBullet = { name: 'supply growth per day after day 7', worstDayPctNow: 13 };

describe('the economy over a month (300 players, seed 20)', () => {
  let result: SimResult;
  let checks: BandCheck[];
  beforeAll(() => {
    result = simulate(short);
    checks = checkBand(result);
  }, 180_000);

  it('stays inside the economy band: three-week supply, wealth spread, no positive loop, scripts, raiders, bank alts, bosses and the start', () => {
    const broken = checks
      .filter((c) => !c.ok && c.name !== openBullet.name)
      .map((c) => `${c.name}: ${c.measured} (band ${c.limit})`);
    expect(broken).toEqual([]);
  });

  it("does not let the supply grow faster in a day than it does today (the band's one open bullet)", () => {
    const daily = checks.find((c) => c.name === openBullet.name)!;
    expect(daily.value).toBeLessThanOrEqual(openBullet.worstDayPctNow);
  });

  it('keeps every Telnet accounted for: the day rows add up to the balances', () => {
    const net = result.rows.reduce((s, r) => s + r.mintedTotal - r.burnedTotal, 0);
    expect(net).toBe(result.rows.at(-1)!.supply);
    expect(result.world.players.every((p) => p.telnet >= 0)).toBe(true);
  });

  it('plays the same days again for the same seed', () => {
    const again = simulate({ ...short, players: 100, days: 2 });
    const first = simulate({ ...short, players: 100, days: 2 });
    expect(again.rows).toEqual(first.rows);
  }, 60_000);
});
