import type { LeaderboardEntry } from '../../../core/api/leaderboard';
import { rankMark } from './leaderboard-model';
import { fillText, texts } from '../../../core/texts';
import { PlayerActions } from '../../safety/player-actions';

export interface LeaderboardRowProps {
  entry: LeaderboardEntry;
  index: number;
  isYou: boolean;
}

/** One player: rank, username (always as text), level, decodes and EXP current/max (spec §2). */
export function LeaderboardRow({ entry, index, isYou }: LeaderboardRowProps) {
  const mark = rankMark(index);
  return (
    <li className={`bb-lb-row ${isYou ? 'bb-lb-row--you' : ''} ${index < 3 ? 'bb-lb-row--podium' : ''}`}>
      <span className="bb-lb-row__rank">
        {mark.kind === 'medal' ? (
          // Drawn, not an emoji glyph: the medal must not depend on the player having an emoji font.
          <span role="img" aria-label={mark.label} className={`bb-medal bb-medal--${mark.medal}`}>
            <span aria-hidden="true">{index + 1}</span>
          </span>
        ) : (
          mark.text
        )}
      </span>
      <span className="bb-lb-row__name">
        <span className="bb-lb-row__username">{entry.username}</span>
        {isYou ? (
          <span className="bb-lb-row__you">{texts.leaderboard.you}</span>
        ) : (
          <PlayerActions
            username={entry.username}
            target={{ kind: 'user', username: entry.username }}
            what={fillText(texts.safety.reportWhat.user, { name: entry.username })}
          />
        )}
      </span>
      <span className="bb-lb-row__cell">
        <span className="bb-lb-row__label">{texts.leaderboard.level}</span>
        <span className="bb-lb-row__level">{entry.level}</span>
      </span>
      <span className="bb-lb-row__cell">
        <span className="bb-lb-row__label">{texts.leaderboard.decodes}</span>
        {entry.totalTaps.toLocaleString('en-US')}
      </span>
      <span className="bb-lb-row__cell bb-lb-row__exp">
        <span className="bb-lb-row__label">{texts.leaderboard.exp}</span>
        {entry.currentExp}/{entry.maxExp}
      </span>
    </li>
  );
}
