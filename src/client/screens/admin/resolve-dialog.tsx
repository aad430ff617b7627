import type { ReportQueueItem } from '../../../core/api/safety';
import type { ReportTargetKind } from '../../../core/safety';
import { reportQueueTexts } from '../../../core/texts/console-reports';
import { ReasonDialog } from './reason-dialog';
import { defaultReason, type QueueAction } from './reports-model';

const t = reportQueueTexts.dialog;

export interface ResolveDialogProps {
  /** The action asked for on a report; the dialog is open while it is set. */
  request: { action: QueueAction; item: ReportQueueItem } | null;
  busy: boolean;
  /** The server's refusal, shown until the next try. */
  error: string | null;
  onCancel(): void;
  onConfirm(reason: string, minutes: number | null): void;
  returnFocus(): HTMLElement | null;
}

/** Asks the reason (prefilled with the report's) and a mute's minutes; Enter confirms, Escape cancels. */
export function ResolveDialog({ request, ...rest }: ResolveDialogProps) {
  const what = request
    ? `${reportQueueTexts.kinds[request.item.targetKind as ReportTargetKind]} ${request.item.reportedUsername ?? ''}`.trim()
    : '';
  return (
    <ReasonDialog
      subject={request}
      title={request ? t.title(reportQueueTexts.actions[request.action], what) : ''}
      description={t.hint}
      danger={request?.action === 'ban' || request?.action === 'remove' || request?.action === 'clear'}
      needsMinutes={request?.action === 'mute'}
      initialReason={request ? defaultReason(request.item) : ''}
      texts={t}
      classPrefix="bb-queue"
      {...rest}
    />
  );
}
