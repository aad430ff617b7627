import { banByLoginId } from '../src/server/features/auth/ban-command';
import { openOperatorDatabase } from './operator-database';

// Operator tool: `npm run ban -- <loginId> [reason…]`, and `npm run unban -- <loginId> [reason…]` (this
// script with --undo). Both write an audit row as cli:ban / cli:unban (ADR 059). A banned account is refused
// at login from now on and its open sessions end. With REDIS_URL (same REDIS_CHANNEL and SESSION_SECRET as the
// servers) every instance closes the player's sockets at once; with PostgreSQL and no Redis the server notices
// within the session recheck (30 s). On the embedded database, stop the server first (PGlite is one process).
const undo = process.argv.includes('--undo');
const [loginId, ...reasonWords] = process.argv.slice(2).filter((a) => a !== '--undo');
const command = undo ? 'unban' : 'ban';
if (!loginId) {
  console.error(`usage: npm run ${command} -- <loginId> [reason]`);
  process.exit(2);
}
const { database, redis, log } = await openOperatorDatabase(undo ? 'unbanning' : 'banning');
try {
  const outcome = await banByLoginId({ database, redis, log }, loginId, { reason: reasonWords.join(' '), undo });
  if (!outcome.banned) {
    console.error(`no player with login ID ${loginId}`);
    process.exitCode = 1;
  } else if (undo) {
    console.log(`unbanned ${outcome.loginId} (${outcome.username}); they can sign in again`);
  } else if (outcome.socketsToldAtOnce) {
    console.log(`banned ${outcome.loginId} (${outcome.username}); their sessions and sockets are closed`);
  } else {
    console.log(
      `banned ${outcome.loginId} (${outcome.username}); their sessions are closed, open sockets close within 30 s`,
    );
  }
} finally {
  await database.close();
}
