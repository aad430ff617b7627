import { Link } from 'react-router';
import { texts } from '../../core/texts';
import { Panel } from './panel';
import './button.css';
import './coming-soon-panel.css';

/**
 * A calm placeholder for a screen that is not built yet (7d): cyan and muted, never the
 * danger colours, so it does not read as a crash — and a way back to the Mainframe.
 */
export function ComingSoonPanel({ title, message }: { title: string; message: string }) {
  const slug = title.toLowerCase().replace(/\s+/g, '-');
  return (
    <Panel title={`${title} // ${texts.comingSoonStatus}`} className="bb-soon" data-testid="coming-soon">
      <p className="bb-soon__status">
        <span className="bb-soon__dot" aria-hidden="true" />
        {texts.comingSoonStatus}
      </p>
      <p className="bb-soon__message">{message}</p>
      <div className="bb-soon__log" aria-hidden="true">
        <p>
          <span className="bb-soon__prompt">$</span> uplink --status {slug}
        </p>
        <p>
          <span className="bb-soon__info">[...]</span> {texts.comingSoonLogPending}
        </p>
        <p>
          <span className="bb-soon__ok">[OK]</span> {texts.comingSoonLogNext}
          <span className="bb-soon__cursor" />
        </p>
      </div>
      <Link to="/" className="bb-btn bb-btn--primary bb-btn--normal bb-soon__back">
        <span aria-hidden="true" className="bb-btn__bracket">
          [
        </span>
        <span className="bb-btn__label">{texts.comingSoonBack}</span>
        <span aria-hidden="true" className="bb-btn__bracket">
          ]
        </span>
      </Link>
    </Panel>
  );
}
