import { texts } from '../../core/texts';
import { formatClock } from '../chat/chat-model';
import { CommandButton } from '../ui/button';
import { Modal } from '../ui/modal';
import { useActivityLog } from './use-activity';
import './activity-dialog.css';

/** While you were away (ADR 064): loaded only when the player opens it, so the main bundle stays as it was. */
export default function ActivityDialog({
  onClose,
  returnFocusTo,
}: {
  onClose(): void;
  returnFocusTo: React.RefObject<HTMLElement | null>;
}) {
  const log = useActivityLog();
  const entries = log.data?.entries ?? [];
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={texts.activity.title}
      tone="telnet"
      returnFocusTo={returnFocusTo}
      actions={<CommandButton onClick={onClose}>{texts.activity.close}</CommandButton>}
    >
      {log.isPending ? <p className="bb-muted">{texts.activity.loading}</p> : null}
      {log.isError ? <p className="bb-activity__error">{texts.activity.failed}</p> : null}
      {log.data && entries.length === 0 ? <p className="bb-muted">{texts.activity.empty}</p> : null}
      {entries.length > 0 ? (
        <ol className="bb-activity" data-testid="activity-entries">
          {entries.map((e) => (
            <li key={e.id} className="bb-activity__entry">
              <time className="bb-muted" dateTime={e.createdAt}>
                [{formatClock(e.createdAt)}]
              </time>
              <span className="bb-activity__what">
                {texts.activity.kinds[e.kind]}
                {e.detail ? (
                  <span className="bb-activity__detail">{texts.activity.detail(e.kind, e.detail)}</span>
                ) : null}
              </span>
              <span className={e.telnet < 0 ? 'bb-activity__loss' : 'bb-telnet'}>
                {texts.activity.telnet(e.telnet)}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </Modal>
  );
}
