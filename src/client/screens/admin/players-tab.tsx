import { useState } from 'react';
import { PlayerDetail } from './player-detail';
import { PlayerSearch } from './player-search';

/** The player view: look a player up, see what a moderator needs, act with a reason (ADR 059). */
export function PlayersTab() {
  const [userId, setUserId] = useState<number | null>(null);
  return (
    <div className="bb-console__players">
      <PlayerSearch onOpen={setUserId} />
      {userId !== null ? <PlayerDetail key={userId} userId={userId} /> : null}
    </div>
  );
}
