import { consoleTexts } from '../../../core/texts/console';
import { actionTitle, type ConsoleAction } from './players-model';
import { ReasonDialog } from './reason-dialog';

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

/** Asks the reason every console action on a player needs (and the minutes of a mute) before it is sent. */
export function ActionDialog({ action, ...rest }: ActionDialogProps) {
  return (
    <ReasonDialog
      subject={action}
      title={action ? actionTitle(action) : ''}
      danger={action?.kind === 'ban' || action?.kind === 'reverse' || action?.kind === 'remove'}
      needsMinutes={action?.kind === 'mute'}
      initialReason=""
      texts={t}
      classPrefix="bb-console"
      {...rest}
    />
  );
}
