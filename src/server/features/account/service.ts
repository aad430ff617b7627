import { exportFileName, type DeleteAccountBody, type DeleteAccountResponse } from '../../../core/api/account';
import { balance } from '../../../core/balance';
import { usernameSkeleton } from '../../../core/rules/account';
import { texts } from '../../../core/texts';
import type { Database, Executor, Tx } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { HttpError } from '../../http/errors';
import { runTransaction, type AfterCommit } from '../../idempotency';
import { destroyAllItemsOf } from '../../inventory';
import { balanceOf, debit } from '../../wallet';
import type { AuthService } from '../auth/service';
import type { Caller } from '../auth/change-password';
import { exportStream, type ExportSection } from './export';
import * as store from './store';

/** What a deletion asks of the features that keep the player's things, each in the deletion's transaction. */
export interface AccountServiceDeps {
  database: Database;
  now: () => number;
  auth: Pick<AuthService, 'confirmPassword' | 'retireAccount'>;
  /** The Data Exchange: every active listing withdrawn, items back to the account (then destroyed). */
  market: { withdrawAllOf(tx: Tx, sellerId: number, afterCommit: AfterCommit): Promise<unknown> };
  /** The drone: an active run stopped, its unused clicks refunded before the balance is burned. */
  drone: { stopRunOf(tx: Tx, userId: number): Promise<void> };
  ping: { forgetPlayer(tx: Executor, userId: number, afterCommit: AfterCommit): Promise<void> };
  chat: { forgetPlayer(tx: Executor, userId: number): Promise<number> };
  /** DOWNLOAD MY DATA's sections (export.ts exportSections). */
  exportSections: readonly ExportSection[];
}

const dayMs = 24 * 3600_000;

/** DOWNLOAD MY DATA and DELETE ACCOUNT (ADR 057). */
export function createAccountService(deps: AccountServiceDeps) {
  const { db } = deps.database;

  return {
    /** The player's data as a JSON download: its file name and a stream of its text. */
    async exportData(userId: number) {
      const profile = await store.profileOf(db, userId);
      if (!profile) throw new HttpError(401, texts.notSignedIn);
      const at = new Date(deps.now());
      return { fileName: exportFileName(profile.username, at), body: exportStream(deps.exportSections, userId, at) };
    },

    /**
     * Deletes the signed-in player's account in one transaction, the player locked first (ADR 044):
     * the drone stopped, listings withdrawn, items destroyed, Ping and chat erased, the balance
     * burned with a ledger row, then the row anonymised and every session ended. Ledger rows and
     * Kernel bits keep the (anonymised) row as their owner, so every sum still adds up.
     */
    async deleteAccount(caller: Caller, body: DeleteAccountBody): Promise<DeleteAccountResponse> {
      if (!body.password) throw new HttpError(400, texts.loginMissingFields);
      const row = await deps.auth.confirmPassword(caller, body.password, texts.settings.deletePasswordWrong);
      const at = deps.now();
      const userId = caller.userId;
      await runTransaction(deps.database, async (tx, afterCommit) => {
        await lockPlayers(tx, [userId]);
        await deps.drone.stopRunOf(tx, userId);
        await deps.market.withdrawAllOf(tx, userId, afterCommit);
        await destroyAllItemsOf(tx, userId);
        await deps.ping.forgetPlayer(tx, userId, afterCommit);
        await deps.chat.forgetPlayer(tx, userId);
        // Read under the player's lock: nothing can credit the account between this read and the burn.
        const telnet = await balanceOf(tx, userId);
        if (telnet > 0)
          await debit(tx, { userId, amount: telnet, reason: 'account-deleted', reference: `account:${userId}` });
        await deps.auth.retireAccount(
          tx,
          {
            userId,
            skeleton: usernameSkeleton(row.username),
            at: new Date(at),
            reservedUntil: new Date(at + balance.deletedUsernameReservedDays * dayMs),
          },
          afterCommit,
        );
      });
      return { deleted: true };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
