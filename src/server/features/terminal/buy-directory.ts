import type { User } from '../../../core/api/common';
import type { BuyDirectoryBody } from '../../../core/api/filesystem';
import { extraDirectoryPrice, maxDirectories } from '../../../core/rules/terminal';
import { terminalTexts as t } from '../../../core/texts/terminal';
import type { Tx } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { runIdempotent } from '../../idempotency';
import { debit } from '../../wallet';
import { levelNow, refuse, type TerminalContext } from './context';
import * as store from './store';

/** POST /api/filesystem/buy-directory: {confirm:false} quotes, {confirm:true} buys through the wallet, once per key. */
export async function buyDirectory(ctx: TerminalContext, user: User, key: string | null, body: BuyDirectoryBody) {
  const { db, now } = ctx;
  if (!body.confirm) {
    const fs = await store.readFileSystem(db, user.id);
    const price = extraDirectoryPrice(fs?.extraDirectories ?? 0);
    if (price === null) return refuse(403, t.maxDirectoriesReached);
    return {
      statusCode: 200,
      replayed: false,
      body: { success: true, message: t.buyDirQuote(price), cost: price, bought: false },
    };
  }
  return runIdempotent(
    ctx.deps.database,
    { userId: user.id, key: key!, scope: 'terminal.buyDirectory', request: body, now: now() },
    async (tx: Tx, afterCommit) => {
      // The player before the file system (ADR 049): the debit below locks the player too, and a hack
      // that holds the player waiting for this file system would otherwise deadlock against it.
      await lockPlayers(tx, [user.id]);
      await store.ensureFileSystem(tx, user.id);
      const fs = (await store.lockFileSystem(tx, user.id))!;
      const price = extraDirectoryPrice(fs.extraDirectories);
      if (price === null) return refuse(403, t.maxDirectoriesReached);
      const debited = await debit(tx, {
        userId: user.id,
        amount: price,
        reason: 'directory-purchase',
        reference: `directory:${fs.extraDirectories + 1}`,
      });
      if (debited.kind === 'insufficient') return refuse(400, t.notEnoughTelnet);
      await store.updateFileSystem(tx, user.id, { extraDirectories: fs.extraDirectories + 1 });
      afterCommit(() => void ctx.publishBalances([user.id]));
      return {
        statusCode: 200,
        body: {
          success: true,
          message: t.buyDirDone(price, maxDirectories(await levelNow(tx, user.id), fs.extraDirectories + 1)),
          cost: price,
          bought: true,
        },
      };
    },
  );
}
