import type { ReportQueueItem } from '../../../core/api/safety';
import type { ReportTargetKind } from '../../../core/safety';
import { reportQueueTexts } from '../../../core/texts/console-reports';
import { CommandButton } from '../../ui/button';
import { ReportSnapshot } from './report-snapshot';
import { shortTime } from './report-time';
import { actionsFor, itemKey, keyOf, type QueueAction } from './reports-model';

const t = reportQueueTexts;

export interface ReportCardProps {
  item: ReportQueueItem;
  selected: boolean;
  onSelect(): void;
  onAction(action: QueueAction): void;
}

/**
 * One reported target: what was reported as it was, how often, by whom and why, and a button for each
 * action that fits (the same as its key). Only the selected card is in the tab order (a roving focus).
 */
export function ReportCard({ item, selected, onSelect, onAction }: ReportCardProps) {
  const key = itemKey(item);
  const titleId = `bb-queue-${key.replace(/[^a-z0-9]/gi, '-')}`;
  return (
    <li className="bb-queue__row">
      <article
        className={`bb-queue__card${selected ? ' is-selected' : ''}`}
        data-key={key}
        data-testid="report-item"
        tabIndex={selected ? 0 : -1}
        aria-labelledby={titleId}
        aria-current={selected ? 'true' : undefined}
        onFocus={onSelect}
      >
        <header className="bb-queue__head">
          <h3 id={titleId} className="bb-queue__kind">
            {t.kinds[item.targetKind as ReportTargetKind] ?? item.targetKind}
          </h3>
          <span className="bb-queue__count">{t.count(item.count)}</span>
          <span className="bb-muted bb-queue__when">
            {t.firstLast(shortTime(item.firstReportedAt), shortTime(item.lastReportedAt))}
          </span>
        </header>
        <ReportSnapshot snapshot={item.snapshot} />
        <p className="bb-queue__who">
          <span className="bb-muted">{t.reported} </span>
          {item.reportedUsername ?? t.gone}
        </p>
        <div className="bb-queue__reporters">
          <span className="bb-muted">{t.reportedBy}</span>
          <ul>
            {item.reporters.map((r) => (
              <li key={r.userId}>
                <span>{r.username}</span> <span className="bb-queue__reason">{r.reason}</span>
                {r.note ? <span className="bb-queue__note"> “{r.note}”</span> : null}
                <span className="bb-muted"> · {shortTime(r.reportedAt)}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="bb-queue__actions">
          {actionsFor(item).map((action) => (
            <CommandButton
              key={action}
              size="small"
              variant={action === 'ban' ? 'danger' : 'ghost'}
              aria-keyshortcuts={keyOf(action)}
              tabIndex={selected ? 0 : -1}
              onClick={() => {
                onSelect();
                onAction(action);
              }}
            >
              <kbd aria-hidden="true" className="bb-queue__key">
                {keyOf(action)}
              </kbd>{' '}
              {t.actions[action]}
            </CommandButton>
          ))}
        </div>
      </article>
    </li>
  );
}
