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
      <ScreenHeader title={texts.leaderboard.title} tagline={texts.leaderboard.tagline}>
        <div className="bb-lb__sort" role="group" aria-label={texts.leaderboard.sortGroup}>
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
      <Panel title={texts.leaderboard.panel(current?.label ?? '')} className="bb-lb__panel">
        {board.isPending ? (
          <p className="bb-lb__state" role="status">
            {texts.shell.loading}
          </p>
        ) : board.isError ? (
          <div className="bb-lb__state" role="alert">
            <p>{errorText(board.error)}</p>
            <CommandButton size="small" onClick={() => void board.refetch()}>
              {texts.shell.retry}
            </CommandButton>
          </div>
        ) : board.data.length === 0 ? (
          <p className="bb-lb__state">{texts.noPlayersFound}</p>
        ) : (
          <>
            <div className="bb-lb__head" aria-hidden="true">
              <span>{texts.leaderboard.rank}</span>
              <span>{texts.leaderboard.operator}</span>
              <span>{texts.leaderboard.level}</span>
              <span>{texts.leaderboard.decodes}</span>
              <span>{texts.leaderboard.exp}</span>
            </div>
            <ol className="bb-lb__list" aria-label={texts.leaderboard.list(current?.label ?? '')}>
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
