import type { PurchaseRow } from '../../../core/api/virus';
import { texts } from '../../../core/texts';
import { Panel } from '../../ui/panel';
import { historyRows } from './virus-model';

const t = texts.virus;

/** The receipts: every purchase with its date, package, amount, cores received and status. */
export function HistoryPanel({ purchases }: { purchases: readonly PurchaseRow[] }) {
  const rows = historyRows(purchases);
  return (
    <Panel title={t.historyPanel} className="bb-virus__history">
      {rows.length === 0 ? (
        <p className="bb-muted">{t.historyEmpty}</p>
      ) : (
        <div className="bb-virus__scroll">
          <table className="bb-virus__table bb-virus__receipts">
            <thead>
              <tr>
                <th scope="col">{t.historyDate}</th>
                <th scope="col">{t.historyPackage}</th>
                <th scope="col">{t.historyAmount}</th>
                <th scope="col">{t.historyCores}</th>
                <th scope="col">{t.historyStatus}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td data-label={t.historyDate}>{r.date}</td>
                  <td data-label={t.historyPackage}>{r.pkg}</td>
                  <td data-label={t.historyAmount}>{r.amount}</td>
                  <td data-label={t.historyCores}>{r.cores}</td>
                  <td data-label={t.historyStatus} className={`bb-virus__status bb-virus__status--${r.tone}`}>
                    {r.status}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
