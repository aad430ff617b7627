import { loadConfig } from '../src/server/config';
import { createDb } from '../src/server/db/connect';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { migrate } from '../src/server/db/migrate';
import { createAuthService } from '../src/server/features/auth/service';

// Operator tool: `npm run ban -- <loginId>`. The account is refused at login from now on and its
// open sessions end at once. On the embedded database, stop the server first (PGlite is one process).
const loginId = process.argv[2];
if (!loginId) {
  console.error('usage: npm run ban -- <loginId>');
  process.exit(2);
}
const config = loadConfig();
let database;
try {
  database = await createDb(config.database);
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(`${error.message}\nOn the embedded database, stop the server before banning, or run with DATABASE_URL.`);
  process.exit(1);
}
try {
  await migrate(database);
  const auth = createAuthService({ database, now: Date.now, accountsPerIp: 0, loginAttemptsPerIp: 1, loginAttemptsPerLoginId: 1 });
  const user = await auth.findUserByLoginId(loginId);
  if (!user) {
    console.error(`no player with login ID ${loginId}`);
    process.exitCode = 1;
  } else {
    await auth.ban(user.id);
    console.log(`banned ${user.loginId} (${user.username}); their sessions are closed`);
  }
} finally {
  await database.close();
}
