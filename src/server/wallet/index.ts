export {
  activityRowsAfter,
  newestLedgerIdUpTo,
  balanceOf,
  credit,
  creditMany,
  debit,
  debitUpTo,
  ledgerPage,
  ledgerPageAfter,
  ledgerTotal,
  netByReference,
  sumLedger,
  transfer,
} from './wallet';
export type { DebitResult, Transfer, TransferResult, WalletChange } from './wallet';
export { watchCommittedLedger } from './committed';
export type { CommittedLedgerRow, LedgerListener } from './committed';
