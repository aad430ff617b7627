import { useLayoutEffect, useRef } from 'react';
import type { ChatMessage } from '../../core/api/chat';
import { formatClock, isAtBottom } from './chat-model';
import { fillText, texts } from '../../core/texts';
import { PlayerActions } from '../safety/player-actions';

export interface ChatLogProps {
  messages: readonly ChatMessage[];
  meId: number | null;
  loading: boolean;
  failed: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
}

/** Pixels from the top at which scrolling up asks for the older page. */
const loadOlderAtPx = 24;

/**
 * The channel's lines, oldest at the top. It follows new lines while the reader is at the bottom (and
 * always for the player's own), loads older pages when scrolled to the top, and keeps the reader's
 * place when they arrive. Messages and usernames are React text: markup in them stays inert.
 */
export function ChatLog({ messages, meId, loading, failed, hasOlder, loadingOlder, onLoadOlder }: ChatLogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const seen = useRef<{ oldest: number | null; newest: number | null; height: number }>({
    oldest: null,
    newest: null,
    height: 0,
  });

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const oldest = messages[0]?.id ?? null;
    const newestMessage = messages[messages.length - 1];
    const newest = newestMessage?.id ?? null;
    const before = seen.current;
    if (before.newest === null) {
      el.scrollTop = el.scrollHeight;
    } else if (oldest !== null && before.oldest !== null && oldest < before.oldest && newest === before.newest) {
      // An older page came in above: keep the line the reader was looking at in place.
      el.scrollTop += el.scrollHeight - before.height;
    } else if (newest !== before.newest && (atBottom.current || newestMessage?.userId === meId)) {
      el.scrollTop = el.scrollHeight;
    }
    seen.current = { oldest, newest, height: el.scrollHeight };
  }, [messages, meId]);

  function onScroll() {
    const el = ref.current;
    if (!el) return;
    atBottom.current = isAtBottom(el.scrollTop, el.scrollHeight, el.clientHeight);
    if (el.scrollTop <= loadOlderAtPx && hasOlder && !loadingOlder) onLoadOlder();
  }

  return (
    <div ref={ref} className="bb-chat__log" role="log" aria-label={texts.chat.log} tabIndex={0} onScroll={onScroll}>
      {hasOlder ? (
        <button type="button" className="bb-chat__older" onClick={onLoadOlder} disabled={loadingOlder}>
          {loadingOlder ? texts.chat.loadingOlder : texts.chat.loadOlder}
        </button>
      ) : messages.length > 0 ? (
        <p className="bb-chat__note">{texts.chat.startOfChannel}</p>
      ) : null}
      {loading ? <p className="bb-chat__note">{texts.chat.syncing}</p> : null}
      {failed ? <p className="bb-chat__note bb-chat__note--error">{texts.chat.unreachable}</p> : null}
      {!loading && !failed && messages.length === 0 ? <p className="bb-chat__note">{texts.chat.empty}</p> : null}
      <ol className="bb-chat__lines">
        {messages.map((m) => (
          <li
            key={m.id}
            className={`bb-chat__line ${m.userId === meId ? 'bb-chat__line--own' : ''}`}
            data-testid="chat-line"
          >
            <time className="bb-chat__time" dateTime={m.createdAt}>
              {formatClock(m.createdAt)}
            </time>
            <span className="bb-chat__user">{m.username}</span>
            <span className="bb-chat__text">{m.message}</span>
            {m.userId !== meId ? (
              <PlayerActions
                username={m.username}
                target={{ kind: 'chat', messageId: m.id }}
                what={fillText(texts.safety.reportWhat.chat, { name: m.username })}
                afterIgnore={() => ref.current?.focus()}
              />
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
