import { lazy, Suspense, useRef, useState } from 'react';
import { texts } from '../../core/texts';
import { useActivityUnseen } from './use-activity';
import '../shell/system-menu.css';
import './activity-button.css';

const ActivityDialog = lazy(() => import('./activity-dialog'));

/** The header's LOG button with the unseen count; the dialog's code loads on the first click (ADR 064). */
export function ActivityButton() {
  const unseen = useActivityUnseen();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="bb-activity-button"
        aria-label={texts.activity.buttonLabel(unseen)}
        onClick={() => setOpen(true)}
      >
        {texts.activity.button}
        {unseen > 0 ? (
          <span className="bb-sysmenu__badge bb-activity-button__badge" data-testid="activity-badge" aria-hidden="true">
            {unseen}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ActivityDialog onClose={() => setOpen(false)} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
