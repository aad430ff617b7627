import { useEffect, useState } from 'react';
import { CommandButton } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { parseMinutes } from './reports-model';

export interface ReasonDialogProps {
  /** What the operator is about to do; the dialog is open while it is set, and each new one starts afresh. */
  subject: object | null;
  title: string;
  description?: string;
  danger: boolean;
  needsMinutes: boolean;
  /** The reason the field starts with (selected on focus, so typing replaces it). */
  initialReason: string;
  texts: { minutes: string; reason: string; cancel: string; confirm: string; minutesInvalid?: string };
  /** The screen's class prefix: `<prefix>__dialog` on the form, `<prefix>__error` on the refusal. */
  classPrefix: string;
  busy: boolean;
  /** The server's refusal (a 403 for an operator of the same role, say), shown until the next try. */
  error: string | null;
  onCancel(): void;
  onConfirm(reason: string, minutes: number | null): void;
  /** The control that opened the dialog, focused again when it closes. */
  returnFocus(): HTMLElement | null;
}

/** Asks the reason every console action needs (and the minutes of a mute) before it is sent; Enter confirms. */
export function ReasonDialog(props: ReasonDialogProps) {
  const { subject, initialReason, needsMinutes, texts: t, classPrefix, busy, error, onCancel, onConfirm } = props;
  const [reason, setReason] = useState(initialReason);
  const [minutes, setMinutes] = useState('60');
  // Each opening starts from its own reason (not on every render: the prefilled one is a fresh string each time),
  // so the last action's reason is never sent again by accident.
  useEffect(() => {
    if (!subject) return;
    setReason(initialReason);
    setMinutes('60');
  }, [subject]);
  const parsedMinutes = needsMinutes ? parseMinutes(minutes) : null;
  const minutesInvalid = needsMinutes && parsedMinutes === null;
  const ready = reason.trim().length >= 3 && !minutesInvalid;
  return (
    <Modal
      open={subject !== null}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={props.title}
      description={props.description}
      tone={props.danger ? 'danger' : 'accent'}
      returnFocus={props.returnFocus}
    >
      <form
        className={`${classPrefix}__dialog`}
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
            error={minutesInvalid ? (t.minutesInvalid ?? null) : null}
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
          <p className={`${classPrefix}__error`} role="alert">
            {error}
          </p>
        ) : null}
        <div className="bb-modal__actions">
          <CommandButton onClick={onCancel}>{t.cancel}</CommandButton>
          <CommandButton type="submit" variant={props.danger ? 'danger' : 'primary'} disabled={!ready || busy}>
            {t.confirm}
          </CommandButton>
        </div>
      </form>
    </Modal>
  );
}
