import { useState } from 'react';
import { auditActions, type AuditAction, type AuditEntry } from '../../../core/api/admin';
import { consoleTexts } from '../../../core/texts/console';
import { ChoiceFilter } from './choice-filter';
import { PagedTable } from './paged-table';
import { useAuditLog } from './use-console';

const t = consoleTexts.audit;

function describeChange(entry: AuditEntry): string {
  const show = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));
  return `${show(entry.before)} → ${show(entry.after)}`;
}

/** Every operator action, newest first (ADR 058): the log is append-only, so this is the whole record. */
export function AuditTab() {
  const [action, setAction] = useState<AuditAction | null>(null);
  const log = useAuditLog(action);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <div className="bb-console__audit">
      <ChoiceFilter<AuditAction> label={t.columns.action} choices={auditActions} value={action} onChange={setAction} />
      <PagedTable
        query={log}
        entries={entries}
        columns={[t.columns.at, t.columns.actor, t.columns.action, t.columns.target, t.columns.reason]}
        texts={t}
        row={(e) => (
          <tr key={e.id} data-testid="audit-row">
            <td className="bb-console__when">{e.at.slice(0, 19).replace('T', ' ')}</td>
            <td>{e.actor}</td>
            <td>
              <span className="bb-console__action">{e.action}</span>
              <span className="bb-muted bb-console__change">{describeChange(e)}</span>
            </td>
            <td>{e.targetUsername ?? '—'}</td>
            <td>{e.reason}</td>
          </tr>
        )}
      />
    </div>
  );
}
