import { balance } from '../balance';
import type { LedgerReason } from '../ledger-reasons';
import { expectedDroneClickReturnTelnet } from './drone';
import { sellerProceeds } from './market';
import { connectionRateForLevel } from './optimizer';

/**
 * Every way to spend Telnet, and the Telnet that spending returns by itself (without the player
 * decoding by hand), per Telnet spent, expected values included (ADR 051). The economy has no positive
 * loop while each is below 1 at every level and optimizer level.
 */
export const telnetSpends = ['drone-click', 'optimizer-upgrade', 'directory', 'kernel-bit', 'market-sale'] as const;
export type TelnetSpend = (typeof telnetSpends)[number];

/** The ledger reason each spend burns under, and what it buys. */
export const telnetSpendInfo: Record<TelnetSpend, { reason: LedgerReason; returns: string }> = {
  'drone-click': {
    reason: 'drone-purchase',
    returns:
      "one decode's Telnet at the drone's rate (capped at balance.droneTelnetRateCapPct) + the expected Telnet of its core drops",
  },
  'optimizer-upgrade': {
    reason: 'optimizer-upgrade',
    returns: 'none by itself: a higher rate pays only on decodes still to be made',
  },
  directory: { reason: 'directory-purchase', returns: 'none: a Terminal directory slot' },
  'kernel-bit': { reason: 'kernel-bit', returns: 'none: a bit of the canvas' },
  'market-sale': {
    reason: 'market-fee',
    returns: "the seller's proceeds, when the buyer and seller are the same person (alts), at the worst price",
  },
};

/** Prices 1…this are searched for the market's worst case; past it the fee is at least marketFeePct of the price, so proceeds ÷ price only falls. */
const marketSearchPrices = 2_000;

let marketWorstCase: number | undefined;

/** The most a sale hands back per Telnet paid, over every price: what one person moving Telnet between their accounts keeps. */
export function worstMarketReturnPerTelnet(): number {
  if (marketWorstCase === undefined) {
    let worst = 0;
    for (let price = balance.marketMinPriceTelnet; price <= marketSearchPrices; price++)
      worst = Math.max(worst, sellerProceeds(price) / price);
    marketWorstCase = worst;
  }
  return marketWorstCase;
}

/**
 * Telnet one Telnet spent on `spend` returns by itself, expected values included, for a player of
 * `level` whose optimizer is at `optimizerLevel`. Below 1 for every spend at every level: no loop mints.
 * The level does not change any of today's returns (drops' core chance is the same at every level);
 * it is an input so a rule that comes to depend on it is checked over the whole range.
 */
export function telnetReturnPerTelnet(spend: TelnetSpend, level: number, optimizerLevel: number): number {
  void level;
  switch (spend) {
    case 'drone-click':
      return expectedDroneClickReturnTelnet(connectionRateForLevel(optimizerLevel)) / balance.droneTelnetPerClick;
    case 'market-sale':
      return worstMarketReturnPerTelnet();
    case 'optimizer-upgrade':
    case 'directory':
    case 'kernel-bit':
      return 0;
  }
}

/** The highest return of a spend over every level 1…maxLevel and optimizer level 0…optimizerMaxLevel. */
export function highestReturnPerTelnet(spend: TelnetSpend): {
  returnPerTelnet: number;
  level: number;
  optimizerLevel: number;
} {
  let best = { returnPerTelnet: -1, level: 1, optimizerLevel: 0 };
  for (let level = 1; level <= balance.maxLevel; level++) {
    for (let optimizerLevel = 0; optimizerLevel <= balance.optimizerMaxLevel; optimizerLevel++) {
      const r = telnetReturnPerTelnet(spend, level, optimizerLevel);
      if (r > best.returnPerTelnet) best = { returnPerTelnet: r, level, optimizerLevel };
    }
  }
  return best;
}

const shownOptimizerLevels = [0, 40, 70, 80] as const;

/** The markdown table docs/game-rules.md §16 shows (a unit test checks the page holds exactly this). */
export function telnetReturnTableMarkdown(): string {
  const head =
    `| Spend (ledger reason) | ${shownOptimizerLevels.map((o) => `optimizer ${o} (${connectionRateForLevel(o)} %)`).join(' | ')} ` +
    `| highest over levels 1–${balance.maxLevel}, optimizer 0–${balance.optimizerMaxLevel} | what comes back |`;
  const rule = `|---|${shownOptimizerLevels.map(() => '---:').join('|')}|---:|---|`;
  const rows = telnetSpends.map((spend) => {
    const cells = shownOptimizerLevels.map((o) => telnetReturnPerTelnet(spend, 1, o).toFixed(3));
    const { returnPerTelnet } = highestReturnPerTelnet(spend);
    return `| ${spend} (\`${telnetSpendInfo[spend].reason}\`) | ${cells.join(' | ')} | ${returnPerTelnet.toFixed(3)} | ${telnetSpendInfo[spend].returns} |`;
  });
  return [head, rule, ...rows].join('\n');
}
