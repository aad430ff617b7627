import { describe, expect, it } from 'vitest';
import { checkBand } from './band';
import { simulate } from './simulate';

// The short run of the economy simulation: 300 players × 21 days, fixed seed. Deterministic: the
// same seed gives the same days, and the band's verdict depends only on the rules in src/core.
const short = { players: 300, days: 21, seed: 20 };

describe('the economy over three weeks (300 players, seed 20)', () => {
  const result = simulate(short);
  const checks = checkBand(result);

  it('stays inside the economy band: supply, wealth spread, scripts, raiders, bank alts, bosses and the start', () => {
    const broken = checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.measured} (band ${c.limit})`);
    expect(broken).toEqual([]);
  });

  it('plays the same days again for the same seed', () => {
    const again = simulate({ ...short, days: 3 });
    const first = simulate({ ...short, days: 3 });
    expect(again.rows).toEqual(first.rows);
  });

  it('keeps every Telnet accounted for: the day rows add up to the balances', () => {
    const net = result.rows.reduce((s, r) => s + r.mintedTotal - r.burnedTotal, 0);
    expect(net).toBe(result.rows.at(-1)!.supply);
    expect(result.world.players.every((p) => p.telnet >= 0)).toBe(true);
  });
});
