import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { reportQueueTexts } from '../../../core/texts/console-reports';
import { ApiError } from '../../lib/api-error';
import { CommandButton } from '../../ui/button';
import { ReportCard } from './report-card';
import {
  actionsFor,
  commandOf,
  indexOf,
  itemKey,
  resolutionOf,
  selectionAfter,
  selectionAfterResolve,
  type QueueAction,
} from './reports-model';
import { ResolveDialog } from './resolve-dialog';
import { useQueueAction, useReportQueue } from './use-reports';
import './reports-tab.css';

const t = reportQueueTexts;
const typing = (el: EventTarget) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

/**
 * The reports queue (ADR 062): reported content as it was, the most reported and newest first, walked
 * with j/k or the arrows, each action on one key (or its button on a phone), each asking a reason.
 */
export function ReportsTab() {
  const [page, setPage] = useState(1);
  const queue = useReportQueue(page);
  const act = useQueueAction();
  const items = queue.data?.items ?? [];
  const keys = items.map(itemKey);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const selected = items[indexOf(keys, selectedKey)];
  const [request, setRequest] = useState<{ action: QueueAction; item: (typeof items)[number]; id: number } | null>(
    null,
  );
  const [status, setStatus] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const focusAfterMove = useRef(false);

  const cardOf = (key: string | null) =>
    (key ? listRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`) : null) ?? null;
  const selectedCard = () =>
    cardOf(selected ? itemKey(selected) : null) ?? listRef.current?.querySelector<HTMLElement>('[data-key]') ?? null;

  useEffect(() => {
    if (!focusAfterMove.current) return;
    focusAfterMove.current = false;
    selectedCard()?.focus();
  });

  const ask = (action: QueueAction, item = selected) => {
    if (!item || !actionsFor(item).includes(action)) return;
    act.reset();
    setRequest({ action, item, id: Date.now() });
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (request || typing(e.target)) return;
    const command = commandOf(e);
    if (!command) return;
    e.preventDefault();
    if (command.kind === 'act') return ask(command.action);
    setSelectedKey(selectionAfter(keys, selectedKey, command));
    focusAfterMove.current = true;
  };

  const confirm = (reason: string, minutes: number | null) => {
    if (!request) return;
    const { action, item } = request;
    act.mutate(
      { action, item, reason, minutes },
      {
        onSuccess: (done) => {
          setStatus(t.resolved(done.resolved, resolutionOf(action)));
          // The next report takes the selection and, when the dialog closes, the focus.
          setSelectedKey(selectionAfterResolve(keys, itemKey(item)));
          setRequest(null);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            setStatus(error.serverMessage);
            setSelectedKey(selectionAfterResolve(keys, itemKey(item)));
            setRequest(null);
          }
        },
      },
    );
  };

  const error = act.error ? (act.error instanceof ApiError ? act.error.serverMessage : act.error.message) : null;
  return (
    <div className="bb-queue" onKeyDown={onKeyDown}>
      <p className="bb-queue__help bb-muted" id="bb-queue-help">
        {t.help}
      </p>
      <p className="bb-queue__status" role="status">
        {status}
      </p>
      {queue.isPending ? <p className="bb-muted">{t.loading}</p> : null}
      {queue.isError ? <p className="bb-queue__error">{t.loadFailed}</p> : null}
      {queue.isSuccess && items.length === 0 ? <p className="bb-queue__empty">{t.empty}</p> : null}
      {items.length > 0 ? (
        <ol ref={listRef} className="bb-queue__list" aria-label={t.listLabel} aria-describedby="bb-queue-help">
          {items.map((item) => (
            <ReportCard
              key={itemKey(item)}
              item={item}
              selected={item === selected}
              onSelect={() => setSelectedKey(itemKey(item))}
              onAction={(action) => ask(action, item)}
            />
          ))}
        </ol>
      ) : null}
      {page > 1 || queue.data?.hasMore ? (
        <div className="bb-queue__pages">
          {page > 1 ? <CommandButton onClick={() => setPage(page - 1)}>{t.previous}</CommandButton> : null}
          {queue.data?.hasMore ? <CommandButton onClick={() => setPage(page + 1)}>{t.more}</CommandButton> : null}
        </div>
      ) : null}
      <ResolveDialog
        key={request?.id ?? 0}
        request={request}
        busy={act.isPending}
        error={request ? error : null}
        onCancel={() => setRequest(null)}
        onConfirm={confirm}
        returnFocus={selectedCard}
      />
    </div>
  );
}
