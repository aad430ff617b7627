import type { Attempt } from '../../../core/api/blockchain';
import { texts } from '../../../core/texts';
import { Panel } from '../../ui/panel';

const t = texts.blockchain;

function Dots({ filled, hollow }: { filled: number; hollow: number }) {
  return (
    <span className="bb-bc__dots" aria-hidden="true">
      {Array.from({ length: filled }, (_, i) => (
        <span key={`f${i}`} className="bb-bc__dot bb-bc__dot--filled" data-dot="filled" />
      ))}
      {Array.from({ length: hollow }, (_, i) => (
        <span key={`h${i}`} className="bb-bc__dot bb-bc__dot--hollow" data-dot="hollow" />
      ))}
    </span>
  );
}

/** spec §2 RECENT ATTEMPTS: the last 5 guesses on this code, filled dots = right place, hollow = wrong place. */
export function RecentAttempts({ attempts, me }: { attempts: readonly Attempt[]; me: string }) {
  return (
    <Panel title={t.recentAttempts} className="bb-bc__attempts">
      {attempts.length === 0 ? (
        <p className="bb-muted">{t.noAttempts}</p>
      ) : (
        <ol className="bb-bc__attempt-list" aria-live="polite">
          {attempts.map((a) => (
            <li
              key={a.id}
              className={a.username === me ? 'bb-bc__attempt bb-bc__attempt--mine' : 'bb-bc__attempt'}
              data-testid="attempt"
            >
              <span className="bb-bc__guess">{a.guess}</span>
              <Dots filled={a.correctPosition} hollow={a.wrongPosition} />
              <span className="bb-bc__counts">
                <span className="bb-visually-hidden">
                  {t.correctPositionLabel(a.correctPosition)}, {t.wrongPositionLabel(a.wrongPosition)}
                </span>
                <span aria-hidden="true">
                  ●{a.correctPosition} ○{a.wrongPosition}
                </span>
              </span>
              <span className="bb-bc__who">{a.username}</span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
