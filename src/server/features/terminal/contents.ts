import type { User } from '../../../core/api/common';
import type { Contents, ContentsQuery } from '../../../core/api/filesystem';
import { terminalTexts as t } from '../../../core/texts/terminal';
import { listing, refuse, resolved, usable, type TerminalContext } from './context';
import * as intrusionStore from './intrusion-store';
import * as store from './store';

/**
 * GET /api/filesystem/contents: one directory of one's own system, or of the target's during an
 * intrusion. A read: one read-only snapshot, no row lock, nothing written (a player without a file
 * system yet sees the one they would get: the Token at '/').
 */
export async function contents(ctx: TerminalContext, user: User, query: ContentsQuery): Promise<Contents> {
  const path = resolved('/', query.path ?? '/');
  const at = ctx.now();
  return ctx.db.transaction(
    async (tx) => {
      const ownerId =
        query.intrusionId === undefined
          ? user.id
          : usable(await intrusionStore.readIntrusion(tx, query.intrusionId), user.id, at).victimId;
      const tokenDir = (await store.readFileSystem(tx, ownerId))?.tokenDir ?? '/';
      if (!(await store.directoryExists(tx, ownerId, path))) return refuse(404, t.directoryNotFound);
      return { path, contents: await listing(tx, ownerId, path, tokenDir) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
