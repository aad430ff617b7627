import { useEffect, useState } from 'react';
import { consoleTexts } from '../../../core/texts/console';
import { CommandButton } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { actionTitle, parseMinutes, type ConsoleAction } from './players-model';

const t = consoleTexts.players.dialog;

export interface ActionDialogProps {
  action: ConsoleAction | null;
  busy: boolean;
  /** The server's refusal (a 403 for an operator of the same role, say), shown until the next try. */
  error: string | null;
  onCancel(): void;
  onConfirm(reason: string, minutes: number | null): void;
  /** The control that opened the dialog, focused again when it closes. */
  returnFocus(): HTMLElement | null;
}

/** Asks the reason every console action needs (and the minutes of a mute) before it is sent. */
export function ActionDialog({ action, busy, error, onCancel, onConfirm, returnFocus }: ActionDialogProps) {
  const [reason, setReason] = useState('');
  const [minutes, setMinutes] = useState('60');
  // Each opening starts empty: the last action's reason is never sent again by accident.
  useEffect(() => {
    if (!action) return;
    setReason('');
    setMinutes('60');
  }, [action]);
  const needsMinutes = action?.kind === 'mute';
  const parsedMinutes = needsMinutes ? parseMinutes(minutes) : null;
  const ready = reason.trim().length >= 3 && (!needsMinutes || parsedMinutes !== null);
  const danger = action?.kind === 'ban' || action?.kind === 'reverse' || action?.kind === 'remove';
  return (
    <Modal
      open={action !== null}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={action ? actionTitle(action) : ''}
      tone={danger ? 'danger' : 'accent'}
      returnFocus={returnFocus}
    >
      <form
        className="bb-console__dialog"
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
            onChange={(e) => setMinutes(e.target.value)}
          />
        ) : null}
        <TextField
          label={t.reason}
          autoComplete="off"
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          autoFocus
        />
        {error ? (
          <p className="bb-console__error" role="alert">
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
