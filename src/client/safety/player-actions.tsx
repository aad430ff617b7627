import { useRef, useState, type KeyboardEvent } from 'react';
import type { ReportTarget } from '../../core/api/safety';
import { fillText, texts } from '../../core/texts';
import { errorText } from '../lib/api-error';
import { useToast } from '../ui/toast';
import { IgnoredToast } from './ignored-toast';
import { ReportDialog } from './report-dialog';
import { useIgnoreActions } from './use-ignores';
import './safety.css';

export interface PlayerActionsProps {
  /** The other player's username (what IGNORE sends); null where there is no one to ignore. */
  username: string | null;
  /** What REPORT points at. */
  target: ReportTarget;
  /** What is reported, as the player reads it. */
  what: string;
  /** Where focus goes after an ignore hid the line this sat on (the log, the list). */
  afterIgnore?: () => void;
}

/**
 * A small ⋮ beside another player's line or name that opens IGNORE and REPORT (ADR 056). One tab
 * stop per line while closed; Escape closes it and gives focus back to ⋮.
 */
export function PlayerActions({ username, target, what, afterIgnore }: PlayerActionsProps) {
  const s = texts.safety;
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const reportButton = useRef<HTMLButtonElement>(null);
  const { ignore } = useIgnoreActions();
  const toast = useToast();
  const name = username ?? what;

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open && !reporting) {
      event.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
    }
  }

  // Closed by sending, CANCEL or Escape: focus goes back to REPORT, the control that opened it.
  function onReportOpenChange(next: boolean) {
    setReporting(next);
    if (!next) requestAnimationFrame(() => reportButton.current?.focus());
  }

  async function doIgnore() {
    if (!username) return;
    // The line may leave with the ignore: without a better place from the surface, focus goes to the
    // log or list around it rather than falling to the page's top.
    const host = toggle.current?.parentElement?.closest<HTMLElement>('[role="log"], [tabindex], main');
    try {
      const entry = await ignore.mutateAsync(username);
      if (afterIgnore) afterIgnore();
      else requestAnimationFrame(() => !toggle.current?.isConnected && host?.focus());
      toast.show({
        title: s.ignore,
        tone: 'info',
        description: <IgnoredToast userId={entry.userId} username={entry.username} undoes="ignore" />,
      });
    } catch (error) {
      toast.show({ title: s.ignore, tone: 'danger', description: errorText(error) });
    }
  }

  return (
    <span className="bb-safety" onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className="bb-safety__toggle"
        aria-expanded={open}
        aria-label={fillText(s.actionsLabel, { name })}
        onClick={() => setOpen((o) => !o)}
      >
        ⋮
      </button>
      {open ? (
        <span className="bb-safety__menu">
          {username ? (
            <button
              type="button"
              className="bb-safety__action"
              autoFocus
              aria-label={fillText(s.ignoreLabel, { name: username })}
              onClick={doIgnore}
              disabled={ignore.isPending}
            >
              {s.ignore}
            </button>
          ) : null}
          <button
            ref={reportButton}
            type="button"
            className="bb-safety__action bb-safety__action--danger"
            autoFocus={!username}
            aria-label={fillText(s.reportLabel, { what })}
            onClick={() => setReporting(true)}
          >
            {s.report}
          </button>
        </span>
      ) : null}
      {reporting ? (
        <ReportDialog open={reporting} onOpenChange={onReportOpenChange} target={target} what={what} />
      ) : null}
    </span>
  );
}
