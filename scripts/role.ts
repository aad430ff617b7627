import { runRoleCommand } from '../src/server/features/admin/role-command';
import { openOperatorDatabase } from './operator-database';

// Operator tool (ADR 058): `npm run role -- <loginId> player|moderator|admin [reason]`. Audited as cli:role.
// A role takes effect on the player's next console request on every instance: the guard reads it each time.
const { database } = await openOperatorDatabase('setting a role');
try {
  const outcome = await runRoleCommand({ database, now: Date.now }, process.argv.slice(2));
  if (outcome.kind === 'usage') {
    console.error(outcome.message);
    process.exitCode = 2;
  } else if (outcome.kind === 'no-player') {
    console.error(`no player with login ID ${process.argv[2]}`);
    process.exitCode = 1;
  } else if (outcome.kind === 'refused') {
    console.error(outcome.message);
    process.exitCode = 1;
  } else {
    console.log(`${outcome.username} is now ${outcome.role} (was ${outcome.before})`);
  }
} finally {
  await database.close();
}
