import type { PlayerView } from '../../../core/api/admin-actions';
import { consoleTexts } from '../../../core/texts/console';
import { Panel } from '../../ui/panel';
import { consoleTime } from './players-model';

const t = consoleTexts.players;

/** What the player holds: gear and cores (counts and a bounded list) and their active listings. */
export function PlayerHoldings({ view }: { view: PlayerView }) {
  return (
    <Panel title={t.panels.items} tone="telnet">
      <p>
        {t.fields.gear} {view.items.gear} · {t.fields.cores} {view.items.cores}
      </p>
      <ul className="bb-console__list bb-console__list--compact">
        {view.items.list.map((item) => (
          <li key={`${item.kind}-${item.id}`}>{item.label}</li>
        ))}
      </ul>
      <h3 className="bb-console__subhead">{t.panels.listings}</h3>
      {view.listings.length === 0 ? <p className="bb-muted">{t.none}</p> : null}
      <ul className="bb-console__list bb-console__list--compact">
        {view.listings.map((l) => (
          <li key={l.id}>
            {l.label} · {l.price} T · <span className="bb-muted">{consoleTime(l.expiresAt)}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
