import { useState } from 'react';
import type { LedgerQuery } from '../../../core/api/admin-actions';
import { ledgerReasons } from '../../../core/ledger-reasons';
import { consoleTexts } from '../../../core/texts/console';
import { CommandButton } from '../../ui/button';
import { Panel } from '../../ui/panel';
import { ChoiceFilter } from './choice-filter';
import { PagedTable } from './paged-table';
import type { Act } from './player-facts';
import { consoleTime } from './players-model';
import { usePlayerLedger } from './use-players';
import { formatTelnet, formatTelnetGain } from '../../lib/format-telnet';

const t = consoleTexts.players.ledger;

/** The player's ledger, newest first, filtered by reason and by UTC days; REVERSE on a row undoes its whole reference. */
export function LedgerPanel({ userId, onAct }: { userId: number; onAct: Act }) {
  const [filter, setFilter] = useState<Omit<LedgerQuery, 'before'>>({});
  const ledger = usePlayerLedger(userId, filter);
  const entries = ledger.data?.pages.flatMap((p) => p.entries) ?? [];
  const set = (key: 'from' | 'to', value: string) =>
    setFilter(({ [key]: _, ...rest }) => (value ? { ...rest, [key]: value } : rest));
  return (
    <Panel title={consoleTexts.players.panels.ledger} className="bb-console__ledger">
      <div className="bb-console__filters">
        <ChoiceFilter
          label={t.reason}
          choices={ledgerReasons}
          value={filter.reason ?? null}
          onChange={(reason) => setFilter(({ reason: _, ...rest }) => (reason ? { ...rest, reason } : rest))}
        />
        <label className="bb-console__filter">
          <span>{t.from}</span>
          <input type="date" value={filter.from ?? ''} onChange={(e) => set('from', e.target.value)} />
        </label>
        <label className="bb-console__filter">
          <span>{t.to}</span>
          <input type="date" value={filter.to ?? ''} onChange={(e) => set('to', e.target.value)} />
        </label>
      </div>
      <PagedTable
        query={ledger}
        entries={entries}
        columns={[
          t.columns.at,
          t.columns.delta,
          t.columns.reason,
          t.columns.reference,
          <span className="bb-visually-hidden">{consoleTexts.players.actions.reverse}</span>,
        ]}
        texts={t}
        row={(e) => (
          <tr key={e.id} data-testid="ledger-row">
            <td className="bb-console__when">{consoleTime(e.createdAt)}</td>
            <td className={e.delta < 0 ? 'bb-console__debit' : 'bb-console__credit'}>
              {e.delta > 0 ? formatTelnetGain(e.delta) : formatTelnet(e.delta)}
            </td>
            <td>{e.reason}</td>
            <td className="bb-console__reference">{e.reference}</td>
            <td>
              <CommandButton
                size="small"
                variant="link"
                aria-label={`${consoleTexts.players.actions.reverse} ${e.reference}`}
                onClick={(ev) => onAct({ kind: 'reverse', reference: e.reference }, ev.currentTarget)}
              >
                {consoleTexts.players.actions.reverse}
              </CommandButton>
            </td>
          </tr>
        )}
      />
    </Panel>
  );
}
