/** The player view: look a player up, see what a moderator needs, act with a reason. */
export function PlayersTab() {
  return <p className="bb-muted">PLAYERS</p>;
}
