import type { PrivateMessage } from '../../../core/api/ping';
import { formatClock } from '../../chat/chat-model';
import type { LogEntry, Partner } from './ping-model';
import { LogEntryView } from './log-entry';

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
export function PingTranscript({ partner, online, meId, messages, loading, failed, hasOlder, loadingOlder, onLoadOlder, notes }: PingTranscriptProps) {
  return (
    <>
      <p className="bb-term-row bb-ping-out__banner">
        <span className="bb-term--muted">── secure line ── </span>
        <span className="bb-term--info">{partner.username}</span>
        {online === null ? null : (
          <span className={online ? 'bb-term--ok' : 'bb-term--muted'}>{online ? ' ● online' : ' ○ offline'}</span>
        )}
        <span className="bb-term--muted"> ── type 'exit' to close</span>
      </p>
      {hasOlder ? (
        <button type="button" className="bb-ping-out__older" onClick={onLoadOlder} disabled={loadingOlder}>
          {loadingOlder ? 'decrypting older lines…' : '▲ load older lines'}
        </button>
      ) : null}
      {loading ? <p className="bb-term-row bb-term--muted">fetching conversation…</p> : null}
      {failed ? <p className="bb-term-row bb-term--error">error: failed to load the conversation</p> : null}
      {!loading && !failed && messages.length === 0 ? (
        <p className="bb-term-row bb-term--muted">no messages yet. say something.</p>
      ) : null}
      <ol className="bb-ping-out__messages" aria-label={`Conversation with ${partner.username}`}>
        {messages.map((m) => {
          const mine = m.senderId === meId;
          return (
            <li key={m.id} className={`bb-ping-out__message ${mine ? 'is-mine' : ''}`} data-testid="ping-message">
              <time className="bb-term--muted" dateTime={m.createdAt}>
                [{formatClock(m.createdAt)}]
              </time>{' '}
              <span className={mine ? 'bb-term--ok' : 'bb-term--info'}>{mine ? 'you' : m.senderUsername}</span>
              <span className="bb-term--muted"> &gt; </span>
              <span className="bb-ping-out__text">{m.message}</span>
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
