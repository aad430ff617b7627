import type { PingSystemLine } from '../../../core/api/ping';
import { texts } from '../../../core/texts';
import { formatClock } from '../../chat/chat-model';

/**
 * The lines the system wrote into the player's Ping (their Token was hacked), at the
 * top of the directory's output. Not messages: no sender, no conversation, nothing to answer; the text
 * is rendered as text, never as HTML.
 */
export function PingSystemLines({ lines }: { lines: readonly PingSystemLine[] }) {
  if (lines.length === 0) return null;
  return (
    <ol className="bb-ping-out__system" aria-label={texts.ping.systemLinesLabel}>
      {lines.map((line) => (
        <li key={line.id} className="bb-ping-out__message is-system" data-testid="ping-system-line">
          <time className="bb-term--muted" dateTime={line.createdAt}>
            [{formatClock(line.createdAt)}]
          </time>{' '}
          <span className="bb-term--error">{texts.ping.systemSender}</span>
          <span className="bb-term--muted"> &gt; </span>
          <span className="bb-ping-out__text">{line.message}</span>
        </li>
      ))}
    </ol>
  );
}
