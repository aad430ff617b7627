import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balance } from '../balance';
import { highestReturnPerTelnet, telnetReturnPerTelnet, telnetSpends } from './telnet-return';

describe('no positive loop: every way to spend Telnet returns less than it costs (ADR 051)', () => {
  it.each(telnetSpends)('%s returns under 1 Telnet per Telnet at every level and optimizer level', (spend) => {
    for (let level = 1; level <= balance.maxLevel; level++) {
      for (let optimizerLevel = 0; optimizerLevel <= balance.optimizerMaxLevel; optimizerLevel++) {
        const r = telnetReturnPerTelnet(spend, level, optimizerLevel);
        if (!(r >= 0 && r < 1))
          expect.fail(`${spend} returns ${r} per Telnet at level ${level}, optimizer ${optimizerLevel}`);
      }
    }
  });

  it('keeps a drone click a spend even at the optimizer’s top level, cores counted', () => {
    const { returnPerTelnet } = highestReturnPerTelnet('drone-click');
    expect(returnPerTelnet).toBeLessThan(0.95);
    expect(returnPerTelnet).toBeGreaterThan(0.9);
  });

  it('gives a drone click more back as the optimizer rises, up to the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: balance.optimizerMaxLevel - 1 }),
        (o) => telnetReturnPerTelnet('drone-click', 1, o) <= telnetReturnPerTelnet('drone-click', 1, o + 1),
      ),
    );
  });
});
