import type { LogEntry } from './ping-model';
import { texts } from '../../../core/texts';
import { EchoRow, HelpTable } from '../../ui/terminal-rows';

/** One entry of the Ping output, drawn as terminal text (usernames and messages stay plain text). */
export function LogEntryView({ entry }: { entry: LogEntry }) {
  switch (entry.kind) {
    case 'echo':
      return <EchoRow prompt={entry.prompt} text={entry.text} />;
    case 'line':
      return <p className={`bb-term-row bb-term--${entry.tone}`}>{entry.text}</p>;
    case 'help':
      return (
        <div className="bb-term-row">
          <HelpTable rows={entry.rows} label={texts.ping.commandsList} />
          {entry.footer ? <p className="bb-term-row bb-term--info bb-ping-out__footer">{entry.footer}</p> : null}
        </div>
      );
    case 'directory':
      return (
        <div className="bb-term-row">
          <p className="bb-term--muted">
            {texts.ping.operatorCount(entry.rows.length, entry.rows.filter((r) => r.isOnline).length)}
          </p>
          <ul className="bb-term-table" aria-label={texts.ping.operatorsList}>
            {entry.rows.map((row) => (
              <li key={row.id}>
                <span className={row.isOnline ? 'bb-term--ok' : 'bb-term--muted'}>
                  {row.isOnline ? `● ${texts.ping.online} ` : `○ ${texts.ping.offline}`}
                </span>
                <span>
                  {row.username}
                  {row.isMe ? <span className="bb-term--muted"> ({texts.ping.you})</span> : null}
                  {row.hasUnread ? <span className="bb-term--error"> !{texts.ping.unreadSpoken}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </div>
      );
    case 'conversations':
      return (
        <ul className="bb-term-table bb-term-row" aria-label={texts.ping.conversationsList}>
          {entry.rows.map((row) => (
            <li key={row.username}>
              <span className={row.hasUnread ? 'bb-term--error' : 'bb-term--muted'}>
                {row.hasUnread ? `!${texts.ping.unreadSpoken}` : '· read  '}
              </span>
              <span>{row.username}</span>
            </li>
          ))}
        </ul>
      );
  }
}
