import { useState } from 'react';
import type { LeaderboardSort } from '../../../core/api/leaderboard';
import { texts } from '../../../core/texts';
import { errorText } from '../../lib/api-error';
import { useSession } from '../../session/session-context';
import { CommandButton } from '../../ui/button';
import { Panel } from '../../ui/panel';
import { ScreenHeader } from '../../ui/screen-header';
import { sortOptions } from './leaderboard-model';
import { LeaderboardRow } from './leaderboard-row';
import { useLeaderboard } from './use-leaderboard';
import './leaderboard-screen.css';

/** Top players by level or by total decodes (spec §2). */
export function LeaderboardScreen() {
  const { user } = useSession();
  const [sort, setSort] = useState<LeaderboardSort>('level');
  const board = useLeaderboard(sort);
  const current = sortOptions.find((o) => o.sort === sort);

  return (
    <div className="bb-lb">
      <ScreenHeader title="LEADERBOARD" tagline="the most dangerous operators on the grid">
        <div className="bb-lb__sort" role="group" aria-label="Sort players">
          {sortOptions.map((o) => (
            <CommandButton
              key={o.sort}
              size="small"
              variant={o.sort === sort ? 'primary' : 'ghost'}
              aria-pressed={o.sort === sort}
              onClick={() => setSort(o.sort)}
            >
              {o.label}
            </CommandButton>
          ))}
        </div>
      </ScreenHeader>
      <Panel title={`TOP OPERATORS // ${current?.label.toUpperCase() ?? ''}`} className="bb-lb__panel">
        {board.isPending ? (
          <p className="bb-lb__state" role="status">
            LOADING...
          </p>
        ) : board.isError ? (
          <div className="bb-lb__state" role="alert">
            <p>{errorText(board.error)}</p>
            <CommandButton size="small" onClick={() => void board.refetch()}>
              RETRY
            </CommandButton>
          </div>
        ) : board.data.length === 0 ? (
          <p className="bb-lb__state">{texts.noPlayersFound}</p>
        ) : (
          <>
            <div className="bb-lb__head" aria-hidden="true">
              <span>RANK</span>
              <span>OPERATOR</span>
              <span>LVL</span>
              <span>DECODES</span>
              <span>EXP</span>
            </div>
            <ol className="bb-lb__list" aria-label={`Top players ${current?.label.toLowerCase() ?? ''}`}>
              {board.data.map((entry, i) => (
                <LeaderboardRow key={entry.id} entry={entry} index={i} isYou={entry.id === user?.id} />
              ))}
            </ol>
          </>
        )}
      </Panel>
    </div>
  );
}
