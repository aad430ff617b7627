import { decodingNumbers } from './numbers/decoding';
import { accountsAndChatNumbers } from './numbers/accounts-and-chat';
import { terminalAndBlockchainNumbers } from './numbers/terminal-and-blockchain';
import { itemsAndOptimizerNumbers } from './numbers/items-and-optimizer';
import { safetyNumbers } from './numbers/safety';

/**
 * Every game-tuning number in Bitbreach, once, each with what it tunes: what the game pays, costs and allows.
 * The infrastructure's limits (rate limits, sockets, jobs, polling) live apart in `infra` (src/core/infra.ts).
 * Numbers the spec gives cite it; numbers it leaves "not shown" are our decisions,
 * written down with their reasons in docs/game-rules.md.
 *
 * The numbers live in src/core/numbers, one file per area of the game; this is the one object every
 * rule reads them from.
 */
export const balance = {
  ...decodingNumbers,
  ...accountsAndChatNumbers,
  ...terminalAndBlockchainNumbers,
  ...itemsAndOptimizerNumbers,
  ...safetyNumbers,
} as const;

export type Balance = typeof balance;
