/**
 * Why Telnet moved: every ledger row carries one of these, so the economy can be charted from the
 * ledger by reason (minted, spent, moved between players). A new way to earn or spend adds its
 * reason here first; docs/game-rules.md says what each one means.
 */
export const ledgerReasons = [
  // Minted: Telnet that did not exist before.
  'decode', // taps: decodes converted at the connection rate
  'mission', // a beginner mission's reward
  'operator-grant', // `npm run grant`: support making good, tests
  'core-open', // a Telnet Core opened successfully
  'kernel-bit', // a bit claimed in the Kernel
  'boss-reward', // a boss defeated
  'drone-refund', // a drone run cancelled before it started
  // Moved between players.
  'market-sale', // the seller's side of a Data Exchange sale
  'market-purchase', // the buyer's side of a Data Exchange sale
  'hack-stolen', // the intruder's gain from a hack
  'hack-lost', // the victim's loss to a hack
  // Spent (burned).
  'market-fee', // the Data Exchange's cut of a sale
  'directory-purchase', // a Terminal directory bought
  'optimizer-upgrade', // an Optimizer upgrade paid for
  'drone-purchase', // a drone run paid for
  'trojan-purchase', // a Virus shop Trojan paid for in Telnet
  // Taken back.
  'purchase-reversal', // a refunded or disputed Trojan purchase: the Telnet its opened and sold cores brought (ADR 046)
] as const;

/** One of the closed list of reasons a ledger row may carry. */
export type LedgerReason = (typeof ledgerReasons)[number];

/** True when a string is a known ledger reason (for reports that read the ledger back). */
export function isLedgerReason(value: string): value is LedgerReason {
  return (ledgerReasons as readonly string[]).includes(value);
}
