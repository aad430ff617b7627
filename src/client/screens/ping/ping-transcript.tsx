import type { PrivateMessage } from '../../../core/api/ping';
import { formatClock } from '../../chat/chat-model';
import type { LogEntry, Partner } from './ping-model';
import { LogEntryView } from './log-entry';
import { fillText, texts } from '../../../core/texts';
import { PlayerActions } from '../../safety/player-actions';

export interface PingTranscriptProps {
  partner: Partner;
  online: boolean | null;
  meId: number;
  messages: readonly PrivateMessage[];
  loading: boolean;
  failed: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  notes: readonly LogEntry[];
}

/** Chat mode's output: the conversation from the query (live by socket or polling), then this line's notes. */
export function PingTranscript({
  partner,
  online,
  meId,
  messages,
  loading,
  failed,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  notes,
}: PingTranscriptProps) {
  return (
    <>
      <p className="bb-term-row bb-ping-out__banner">
        <span className="bb-term--muted">{texts.ping.secureLine}</span>
        <span className="bb-term--info">{partner.username}</span>
        <PlayerActions
          username={partner.username}
          target={{ kind: 'user', username: partner.username }}
          what={fillText(texts.safety.reportWhat.user, { name: partner.username })}
        />
        {online === null ? null : (
          <span className={online ? 'bb-term--ok' : 'bb-term--muted'}>
            {online ? ` ● ${texts.ping.online}` : ` ○ ${texts.ping.offline}`}
          </span>
        )}
        <span className="bb-term--muted">{texts.ping.closeHint}</span>
      </p>
      {hasOlder ? (
        <button type="button" className="bb-ping-out__older" onClick={onLoadOlder} disabled={loadingOlder}>
          {loadingOlder ? texts.ping.loadingOlder : texts.ping.loadOlder}
        </button>
      ) : null}
      {loading ? <p className="bb-term-row bb-term--muted">{texts.ping.fetching}</p> : null}
      {failed ? <p className="bb-term-row bb-term--error">{texts.ping.fetchFailed}</p> : null}
      {!loading && !failed && messages.length === 0 ? (
        <p className="bb-term-row bb-term--muted">{texts.ping.noMessages}</p>
      ) : null}
      <ol className="bb-ping-out__messages" aria-label={texts.ping.conversationLabel(partner.username)}>
        {messages.map((m) => {
          const mine = m.senderId === meId;
          return (
            <li key={m.id} className={`bb-ping-out__message ${mine ? 'is-mine' : ''}`} data-testid="ping-message">
              <time className="bb-term--muted" dateTime={m.createdAt}>
                [{formatClock(m.createdAt)}]
              </time>{' '}
              <span className={mine ? 'bb-term--ok' : 'bb-term--info'}>{mine ? texts.ping.you : m.senderUsername}</span>
              <span className="bb-term--muted"> &gt; </span>
              <span className="bb-ping-out__text">{m.message}</span>
              {mine ? null : (
                <PlayerActions
                  username={m.senderUsername}
                  target={{ kind: 'ping', messageId: m.id }}
                  what={fillText(texts.safety.reportWhat.ping, { name: m.senderUsername })}
                />
              )}
            </li>
          );
        })}
      </ol>
      {notes.map((entry) => (
        <LogEntryView key={entry.id} entry={entry} />
      ))}
    </>
  );
}
