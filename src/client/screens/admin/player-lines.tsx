import type { PlayerView } from '../../../core/api/admin-actions';
import { consoleTexts } from '../../../core/texts/console';
import { CommandButton } from '../../ui/button';
import { Panel } from '../../ui/panel';
import type { Act } from './player-facts';
import { consoleTime } from './players-model';

const t = consoleTexts.players;

/** What the player said lately: chat lines (each with REMOVE) and the Pings they sent, never those they received. */
export function PlayerLines({ view, onAct }: { view: PlayerView; onAct: Act }) {
  return (
    <>
      <Panel title={t.panels.chat} className="bb-console__lines">
        {view.chat.length === 0 ? <p className="bb-muted">{t.none}</p> : null}
        <ul className="bb-console__list">
          {view.chat.map((line) => (
            <li key={line.id} className="bb-console__line">
              <span className="bb-console__when">{consoleTime(line.createdAt)}</span>
              <span className="bb-console__text">{line.message}</span>
              <CommandButton
                size="small"
                variant="link"
                onClick={(e) => onAct({ kind: 'remove', messageId: line.id }, e.currentTarget)}
                aria-label={`${t.actions.remove} ${line.message}`}
              >
                {t.actions.remove}
              </CommandButton>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title={t.panels.pings} className="bb-console__lines">
        {view.pings.length === 0 ? <p className="bb-muted">{t.none}</p> : null}
        <ul className="bb-console__list">
          {view.pings.map((ping) => (
            <li key={ping.id} className="bb-console__line">
              <span className="bb-console__when">{consoleTime(ping.createdAt)}</span>
              <span className="bb-console__text">
                <span className="bb-muted">→ {ping.toUsername}: </span>
                {ping.message}
              </span>
            </li>
          ))}
        </ul>
      </Panel>
    </>
  );
}
