import { useDeferredValue, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { consoleTexts } from '../../../core/texts/console';
import { TextField } from '../../ui/text-field';
import { nextResult, statusLine } from './players-model';
import { usePlayerSearch } from './use-players';

const t = consoleTexts.players;

/**
 * The search box, focused on arrival at the tab, and its results: arrow keys move from the box into the
 * list and back, Enter opens the player.
 */
export function PlayerSearch({ onOpen }: { onOpen(userId: number): void }) {
  const [q, setQ] = useState('');
  const search = usePlayerSearch(useDeferredValue(q));
  const players = q.trim() ? (search.data?.players ?? []) : [];
  const box = useRef<HTMLInputElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  useEffect(() => box.current?.focus(), []);

  function onKeyDown(event: KeyboardEvent, current: number) {
    const next = nextResult(current, event.key, players.length);
    if (next === null) return;
    event.preventDefault();
    (next === -1 ? box.current : items.current[next])?.focus();
  }

  return (
    <div className="bb-console__search">
      <TextField
        ref={box}
        label={t.search}
        hint={t.searchHint}
        type="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={32}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        onKeyDown={(e) => onKeyDown(e, -1)}
      />
      {q.trim() && search.isSuccess && players.length === 0 ? <p className="bb-muted">{t.noMatch}</p> : null}
      {players.length > 0 ? (
        <ul className="bb-console__results" aria-label={t.results}>
          {players.map((p, i) => (
            <li key={p.userId}>
              <button
                type="button"
                ref={(el) => {
                  items.current[i] = el;
                }}
                className="bb-console__result"
                data-testid="player-result"
                onKeyDown={(e) => onKeyDown(e, i)}
                onClick={() => onOpen(p.userId)}
              >
                <span className="bb-console__result-name">{p.username}</span>
                <span className="bb-muted">
                  #{p.userId} · L{p.level} · {p.role} · {statusLine(p)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
