import { Panel } from './panel';
import './offline-panel.css';
import { texts } from '../../core/texts';

/** An honest placeholder for a screen or panel that is not built yet. */
export function OfflinePanel({ title, message }: { title: string; message: string }) {
  return (
    <Panel title={`${title} // OFFLINE`} tone="danger" className="bb-offline">
      <p className="bb-offline__status">
        <span className="bb-offline__dot" aria-hidden="true" />
        {texts.shell.offlineSoon}
      </p>
      <p className="bb-offline__message">{message}</p>
      <div className="bb-offline__log" aria-hidden="true">
        <p>
          <span className="bb-offline__prompt">$</span> uplink --status {title.toLowerCase().replace(/\s+/g, '-')}
        </p>
        <p>
          <span className="bb-offline__err">[ERR]</span> module not deployed on this node
        </p>
        <p>
          <span className="bb-offline__info">[...]</span> scheduled for a future build<span className="bb-offline__cursor" />
        </p>
      </div>
    </Panel>
  );
}
