import { texts } from '../../core/texts';
import './reconnecting-overlay.css';

/**
 * RECONNECTING over the current screen while the server does not answer (ADR 061). The live region is
 * always mounted so screen readers hear the change; it never takes focus nor blocks the screen, so a
 * line being typed stays where it is and can still be typed.
 */
export function ReconnectingOverlay({ reconnecting }: { reconnecting: boolean }) {
  return (
    <div className="bb-reconnecting" role="status" aria-live="polite" data-testid="reconnecting">
      {reconnecting ? (
        <div className="bb-reconnecting__card">
          <p className="bb-reconnecting__title">
            <span className="bb-reconnecting__pulse" aria-hidden="true" />
            {texts.shell.reconnecting}
          </p>
          <p className="bb-reconnecting__body">{texts.shell.reconnectingBody}</p>
        </div>
      ) : null}
    </div>
  );
}
