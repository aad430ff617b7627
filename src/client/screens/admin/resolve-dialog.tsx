import { useState } from 'react';
import type { ReportQueueItem } from '../../../core/api/safety';
import type { ReportTargetKind } from '../../../core/safety';
import { reportQueueTexts } from '../../../core/texts/console-reports';
import { CommandButton } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { defaultReason, parseMinutes, type QueueAction } from './reports-model';

const t = reportQueueTexts.dialog;

export interface ResolveDialogProps {
  /** The action asked for on a report; the dialog is open while it is set. Mount it with a key per request. */
  request: { action: QueueAction; item: ReportQueueItem } | null;
  busy: boolean;
  /** The server's refusal, shown until the next try. */
  error: string | null;
  onCancel(): void;
  onConfirm(reason: string, minutes: number | null): void;
  returnFocus(): HTMLElement | null;
}

/** Asks the reason (prefilled with the report's) and a mute's minutes; Enter confirms, Escape cancels. */
export function ResolveDialog({ request, busy, error, onCancel, onConfirm, returnFocus }: ResolveDialogProps) {
  const [reason, setReason] = useState(() => (request ? defaultReason(request.item) : ''));
  const [minutes, setMinutes] = useState('60');
  const needsMinutes = request?.action === 'mute';
  const parsedMinutes = needsMinutes ? parseMinutes(minutes) : null;
  const minutesError = needsMinutes && parsedMinutes === null ? t.minutesInvalid : null;
  const ready = reason.trim().length >= 3 && !minutesError;
  const what = request
    ? `${reportQueueTexts.kinds[request.item.targetKind as ReportTargetKind]} ${request.item.reportedUsername ?? ''}`.trim()
    : '';
  const danger = request?.action === 'ban' || request?.action === 'remove' || request?.action === 'clear';
  return (
    <Modal
      open={request !== null}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={request ? t.title(reportQueueTexts.actions[request.action], what) : ''}
      description={t.hint}
      tone={danger ? 'danger' : 'accent'}
      returnFocus={returnFocus}
    >
      <form
        className="bb-queue__dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready && !busy) onConfirm(reason.trim(), parsedMinutes);
        }}
      >
        {needsMinutes ? (
          <TextField
            label={t.minutes}
            inputMode="numeric"
            autoComplete="off"
            value={minutes}
            error={minutesError}
            onChange={(e) => setMinutes(e.target.value)}
          />
        ) : null}
        <TextField
          label={t.reason}
          autoComplete="off"
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          onFocus={(e) => e.currentTarget.select()}
          autoFocus
        />
        {error ? (
          <p className="bb-queue__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="bb-modal__actions">
          <CommandButton onClick={onCancel}>{t.cancel}</CommandButton>
          <CommandButton type="submit" variant={danger ? 'danger' : 'primary'} disabled={!ready || busy}>
            {t.confirm}
          </CommandButton>
        </div>
      </form>
    </Modal>
  );
}
