import type { ReactNode } from 'react';
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
  const isActive = (username: string) => username.toLowerCase() === partnerName?.toLowerCase();
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
              <SideEntry
                key={row.id}
                username={row.username}
                active={isActive(row.username)}
                disabled={row.isMe}
                hasUnread={row.hasUnread}
                marker={<span className={`bb-ping__dot ${row.isOnline ? 'is-online' : ''}`} aria-hidden="true" />}
                status={row.isMe ? texts.ping.you : row.isOnline ? texts.ping.online : texts.ping.offline}
                onOpen={onOpen}
              />
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
              <SideEntry
                key={c.username}
                username={c.username}
                active={isActive(c.username)}
                hasUnread={c.hasUnread}
                marker={
                  <span className="bb-ping__glyph" aria-hidden="true">
                    ›
                  </span>
                }
                onOpen={onOpen}
              />
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}

interface SideEntryProps {
  username: string;
  active: boolean;
  disabled?: boolean;
  hasUnread: boolean;
  /** What stands before the name: the presence dot, or a conversation's glyph. */
  marker: ReactNode;
  status?: string;
  onOpen(username: string): void;
}

/** One name in a side list, the same in both: a button that opens the line, marked while it is open. */
function SideEntry({ username, active, disabled, hasUnread, marker, status, onOpen }: SideEntryProps) {
  return (
    <li>
      <button
        type="button"
        className={`bb-ping__entry ${active ? 'is-active' : ''}`}
        disabled={disabled}
        aria-current={active ? 'true' : undefined}
        onClick={() => onOpen(username)}
      >
        {marker}
        <span className="bb-ping__name">{username}</span>
        {status ? <span className="bb-ping__status">{status}</span> : null}
        {hasUnread ? (
          <span className="bb-ping__unread">
            !<span className="bb-visually-hidden">{texts.ping.unreadSpoken}</span>
          </span>
        ) : null}
      </button>
    </li>
  );
}
