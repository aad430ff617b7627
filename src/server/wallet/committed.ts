import type { LedgerReason } from '../../core/ledger-reasons';
import type { Db } from '../db/connect';

/** A ledger row as the wallet wrote it: `delta` is signed (a debit is negative). */
export interface CommittedLedgerRow {
  userId: number;
  delta: number;
  reason: LedgerReason;
}

/** Called once per committed transaction with the ledger rows it wrote (never for one that rolled back). */
export type LedgerListener = (rows: readonly CommittedLedgerRow[]) => void;

/** The rows written so far in a transaction or savepoint the watcher opened. */
const rowsIn = new WeakMap<object, CommittedLedgerRow[]>();
/** Each watched database handle's listeners (several apps may share one handle in a test process). */
const listenersOf = new WeakMap<object, Set<LedgerListener>>();

type Transactional = { transaction: Db['transaction'] };

/**
 * Opens every transaction (and savepoint) of `handle` with a list of the ledger rows written in it.
 * A savepoint's rows join its parent's only when it is released, so a job that fails in its savepoint
 * counts nothing; a transaction's rows reach the listeners only after COMMIT has returned.
 */
function track(handle: Transactional, onDone: (rows: CommittedLedgerRow[]) => void): void {
  const original = handle.transaction.bind(handle);
  handle.transaction = (async (work: (tx: Transactional) => Promise<unknown>, config?: unknown) => {
    const rows: CommittedLedgerRow[] = [];
    const result = await (original as (w: typeof work, c?: unknown) => Promise<unknown>)((tx) => {
      rowsIn.set(tx, rows);
      track(tx, (inner) => rows.push(...inner));
      return work(tx);
    }, config);
    if (rows.length > 0) onDone(rows);
    return result;
  }) as Db['transaction'];
}

/**
 * Calls `listener` after each commit of `db` with the ledger rows the transaction wrote: the one place
 * the /metrics counters learn about Telnet minted and burned (ADR 051). Returns the unsubscribe.
 */
export function watchCommittedLedger(db: Db, listener: LedgerListener): () => void {
  let listeners = listenersOf.get(db);
  if (!listeners) {
    const set = new Set<LedgerListener>();
    listenersOf.set(db, set);
    listeners = set;
    track(db as unknown as Transactional, (rows) => {
      for (const l of set) {
        try {
          l(rows);
        } catch {
          // The transaction has committed: a failing counter must not turn it into an error for the caller.
        }
      }
    });
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The wallet notes each ledger row it appends in `tx`; a transaction no watcher opened keeps no list. */
export function noteLedgerRows(tx: object, rows: readonly CommittedLedgerRow[]): void {
  rowsIn.get(tx)?.push(...rows);
}
