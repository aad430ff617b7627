export { balanceOf, credit, creditMany, debit, sumLedger, transfer } from './wallet';
export type { DebitResult, Transfer, TransferResult, WalletChange } from './wallet';
