import type { ChangePasswordBody, ChangePasswordResponse } from '../../../core/api/account';
import { isPassword } from '../../../core/rules/account';
import { texts } from '../../../core/texts';
import type { Database } from '../../db/connect';
import { HttpError } from '../../http/errors';
import type { SharedLimiter } from '../../http/shared-limiter';
import type { PasswordHasher } from './password';
import * as store from './store';

export interface ChangePasswordDeps {
  database: Database;
  passwords: PasswordHasher;
  /** The login limiter's failure counter, so guesses here and at login share one budget (ADR 003). */
  loginFailures: Pick<SharedLimiter, 'hit' | 'isExhausted' | 'reset'>;
  /** Ends the given sessions the way logout does: forgotten here, published on the bus (ADR 035). */
  sessionsEnded: (sessionIds: string[]) => void;
}

export interface Caller {
  userId: number;
  sessionId: string;
  ip: string;
}

/**
 * Checks the signed-in player's own password before a sensitive change (change password, delete
 * account): a wrong one counts as a failed login for the account's login ID at that address, so
 * guesses here and at login share one budget (ADR 003); `wrong` is the 401's text.
 */
export async function confirmPassword(
  deps: Pick<ChangePasswordDeps, 'database' | 'passwords' | 'loginFailures'>,
  caller: Caller,
  password: string,
  wrong: string,
): Promise<store.UserRow> {
  const row = await store.findUserById(deps.database.db, caller.userId);
  if (!row || row.deletedAt) throw new HttpError(401, texts.notSignedIn);
  const failureKey = `${row.loginId.toLowerCase()}\u0000${caller.ip}`;
  if (await deps.loginFailures.isExhausted(failureKey)) throw new HttpError(429, texts.tooManyLoginAttempts);
  if (!(await deps.passwords.verify(row.passwordHash, password))) {
    await deps.loginFailures.hit(failureKey);
    throw new HttpError(401, wrong);
  }
  await deps.loginFailures.reset(failureKey);
  return row;
}

/**
 * Settings' CHANGE PASSWORD: the current password must be right (a wrong one counts as a failed
 * login for the account's login ID at that address), the new one must pass the registration rule
 * (ADR 004); then the hash is replaced and every other session of the account ends, on every instance.
 */
export async function changePassword(
  deps: ChangePasswordDeps,
  caller: Caller,
  body: ChangePasswordBody,
): Promise<ChangePasswordResponse> {
  if (!body.currentPassword || !body.newPassword) throw new HttpError(400, texts.registerMissingFields);
  // Refused before any hash: argon2 costs ~19 MiB and tens of ms per call.
  if (!isPassword(body.newPassword)) throw new HttpError(400, texts.fieldPasswordLength);
  await confirmPassword(deps, caller, body.currentPassword, texts.currentPasswordWrong);
  const passwordHash = await deps.passwords.hash(body.newPassword);
  const ended = await deps.database.db.transaction(async (tx) => {
    await store.setPasswordHash(tx, caller.userId, passwordHash);
    return store.deleteOtherSessions(tx, caller.userId, caller.sessionId);
  });
  deps.sessionsEnded(ended);
  return { changed: true, otherSessionsEnded: ended.length };
}
