import { Panel } from '../../ui/panel';
import type { DirectoryRow } from './ping-model';

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
      <Panel title="OPERATORS" actions={rows ? <span className="bb-ping__count">{online} ONLINE</span> : null}>
        {rows === null ? (
          <p className="bb-ping__empty">{failed ? 'Directory unreachable. Retrying…' : 'Scanning the network…'}</p>
        ) : (
          <ul className="bb-ping__list" aria-label="Operators">
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
                  <span className="bb-ping__status">{row.isMe ? 'you' : row.isOnline ? 'online' : 'offline'}</span>
                  {row.hasUnread ? (
                    <span className="bb-ping__unread">
                      !<span className="bb-visually-hidden"> unread</span>
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="CONVERSATIONS">
        {conversations.length === 0 ? (
          <p className="bb-ping__empty">No conversations yet.</p>
        ) : (
          <ul className="bb-ping__list" aria-label="Conversations">
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
                      !<span className="bb-visually-hidden"> unread</span>
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
