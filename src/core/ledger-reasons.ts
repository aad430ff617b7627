/**
 * Why Telnet moved: every ledger row carries one of these, so the economy can be charted from the
 * ledger by reason. A new way to earn or spend adds its reason to `ledgerCategory` below, which says
 * what the row does to the total supply (ADR 051); docs/game-rules.md §14 says what each one means.
 */

/**
 * What a ledger row does to the total Telnet supply (the sum of every balance):
 * - minted: adds Telnet that did not exist before;
 * - burned: removes Telnet for good (a spend);
 * - moved: passes Telnet between two players; the two sides of one reference net to zero;
 * - refunded: gives back part of a burn (it adds to supply, and reports net it against the spend it undoes);
 * - taken-back: removes Telnet a reversed real-money purchase had brought (ADR 046).
 */
export const ledgerCategories = ['minted', 'burned', 'moved', 'refunded', 'taken-back'] as const;
export type LedgerCategory = (typeof ledgerCategories)[number];

/** The sign a category's rows carry: +1 adds to supply, −1 removes; moved rows carry either and net to zero per transfer. */
export const categorySupplySign: Record<LedgerCategory, 1 | -1 | 0> = {
  minted: 1,
  burned: -1,
  moved: 0,
  refunded: 1,
  'taken-back': -1,
};

/** Every ledger reason and its one category: a Record, so a reason without a category does not compile. */
export const ledgerCategory = {
  decode: 'minted', // taps and drone steps: decodes converted at the connection rate
  mission: 'minted', // a beginner mission's reward
  'operator-grant': 'minted', // `npm run grant`: support making good, tests
  'core-open': 'minted', // a Telnet Core opened successfully
  'boss-reward': 'minted', // a boss defeated
  'market-sale': 'moved', // the seller's side of a Data Exchange sale
  'market-purchase': 'moved', // the buyer's side of a Data Exchange sale
  'hack-stolen': 'moved', // the intruder's gain from a hack
  'hack-lost': 'moved', // the victim's loss to a hack
  'market-fee': 'burned', // the Data Exchange's cut of a sale
  'directory-purchase': 'burned', // a Terminal directory bought
  'optimizer-upgrade': 'burned', // an Optimizer upgrade paid for
  'drone-purchase': 'burned', // a drone run paid for (the whole offer; what one run cannot use comes back as drone-refund)
  'kernel-bit': 'burned', // a bit bought in the Kernel: the game's largest sink
  'account-deleted': 'burned', // a deleted account's balance, burned with it (ADR 057)
  'drone-refund': 'refunded', // the part of a drone purchase one run could not use, or clicks a ban stopped
  'purchase-reversal': 'taken-back', // a refunded or disputed Trojan purchase: the Telnet its opened and sold cores brought
  'reversal-returned': 'refunded', // an operator's reversal gives back what a reversed reference took (ADR 060)
  'reversal-taken': 'taken-back', // an operator's reversal takes back what a reversed reference gave (ADR 060)
} as const satisfies Record<string, LedgerCategory>;

/** One of the closed list of reasons a ledger row may carry. */
export type LedgerReason = keyof typeof ledgerCategory;

/** Every ledger reason, in the order above (the ledger's column takes these values only). */
export const ledgerReasons = Object.keys(ledgerCategory) as [LedgerReason, ...LedgerReason[]];

/** The spend a refund reason gives back part of: reports show burned net of refunds. */
export const refundOf: Partial<Record<LedgerReason, LedgerReason>> = { 'drone-refund': 'drone-purchase' };

/** The reasons of one category, in list order. */
export function reasonsIn(category: LedgerCategory): LedgerReason[] {
  return ledgerReasons.filter((r) => ledgerCategory[r] === category);
}
