import { Panel } from '../../ui/panel';
import type { DirectoryRow } from './ping-model';
import { texts } from '../../../core/texts';

export interface PingDirectoryProps {
  rows: readonly DirectoryRow[] | null;
  conversations: readonly { username: string; hasUnread: boolean }[];
  partnerName: string | null;
  failed: boolean;
  onOpen(username: string): void;
}

/** The side lists: operators with live presence, and past conversations; a click opens a line ('cd'). */
export function PingDirectory({ rows, conversations, partnerName, failed, onOpen }: PingDirectoryProps) {
  const online = rows?.filter((r) => r.isOnline).length ?? 0;
  const active = partnerName?.toLowerCase() ?? null;
  return (
    <div className="bb-ping__side">
      <Panel
        title={texts.ping.operatorsPanel}
        actions={rows ? <span className="bb-ping__count">{texts.ping.onlineCount(online)}</span> : null}
      >
        {rows === null ? (
          <p className="bb-ping__empty">{failed ? texts.ping.directoryUnreachable : texts.ping.scanning}</p>
        ) : (
          <ul className="bb-ping__list" aria-label={texts.ping.operatorsList}>
            {rows.map((row) => (
              <li key={row.id}>
                <button
                  type="button"
                  className={`bb-ping__entry ${row.username.toLowerCase() === active ? 'is-active' : ''}`}
                  disabled={row.isMe}
                  aria-current={row.username.toLowerCase() === active ? 'true' : undefined}
                  onClick={() => onOpen(row.username)}
                >
                  <span className={`bb-ping__dot ${row.isOnline ? 'is-online' : ''}`} aria-hidden="true" />
                  <span className="bb-ping__name">{row.username}</span>
                  <span className="bb-ping__status">
                    {row.isMe ? texts.ping.you : row.isOnline ? texts.ping.online : texts.ping.offline}
                  </span>
                  {row.hasUnread ? (
                    <span className="bb-ping__unread">
                      !<span className="bb-visually-hidden">{texts.ping.unreadSpoken}</span>
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={texts.ping.conversationsPanel}>
        {conversations.length === 0 ? (
          <p className="bb-ping__empty">{texts.ping.noConversationsYet}</p>
        ) : (
          <ul className="bb-ping__list" aria-label={texts.ping.conversationsList}>
            {conversations.map((c) => (
              <li key={c.username}>
                <button
                  type="button"
                  className={`bb-ping__entry ${c.username.toLowerCase() === active ? 'is-active' : ''}`}
                  aria-current={c.username.toLowerCase() === active ? 'true' : undefined}
                  onClick={() => onOpen(c.username)}
                >
                  <span className="bb-ping__glyph" aria-hidden="true">
                    ›
                  </span>
                  <span className="bb-ping__name">{c.username}</span>
                  {c.hasUnread ? (
                    <span className="bb-ping__unread">
                      !<span className="bb-visually-hidden">{texts.ping.unreadSpoken}</span>
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
