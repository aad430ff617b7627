import type { PlayerView } from '../../../core/api/admin-actions';
import { consoleTexts } from '../../../core/texts/console';
import { Panel } from '../../ui/panel';
import { consoleTime } from './players-model';

const t = consoleTexts.players;

/** What should make a moderator look twice: sessions, flags, and the accounts made from the same address (by hash only). */
export function PlayerSignals({ view }: { view: PlayerView }) {
  return (
    <Panel title={t.panels.flags} tone={view.flags.length ? 'danger' : 'default'}>
      <p>
        {t.panels.sessions}: {t.fields.open} {view.sessions.open} · {t.fields.lastSeen}{' '}
        {view.sessions.lastSeen ? consoleTime(view.sessions.lastSeen) : t.none}
      </p>
      {view.flags.length === 0 ? <p className="bb-muted">{t.none}</p> : null}
      <ul className="bb-console__list bb-console__list--compact">
        {view.flags.map((f, i) => (
          <li key={`${f.reason}-${i}`}>
            <span className="bb-console__flag">{f.reason}</span> {f.detail}{' '}
            {f.at ? <span className="bb-muted">{consoleTime(f.at)}</span> : null}
          </li>
        ))}
      </ul>
      <h3 className="bb-console__subhead">
        {t.panels.address} · {t.fields.hash} <code>{view.address.hash}</code> · {view.address.total}
      </h3>
      <ul className="bb-console__list bb-console__list--compact">
        {view.address.sharedWith.map((a) => (
          <li key={a.userId}>
            {a.username} {a.banned ? <span className="bb-console__flag">{t.status.banned}</span> : null}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
