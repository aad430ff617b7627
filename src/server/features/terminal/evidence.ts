import type { TerminalContext } from './context';
import * as store from './store';

/** What the player has done in the Terminal, for the missions service's checks. */
export async function evidence(ctx: TerminalContext, userId: number) {
  const fs = await store.readFileSystem(ctx.db, userId);
  return {
    sshedSelf: !!fs?.sshedSelfAt,
    createdDirectory: !!fs?.createdDirectoryAt,
    movedToken: !!fs?.movedTokenAt,
    hackedDeveloper: !!fs?.hackedDeveloperAt,
  };
}
