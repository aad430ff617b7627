import type { ChooseUsernameBody } from '../../../core/api/account';
import type { User } from '../../../core/api/common';
import { isVisibleUsername, normalizeUsername, usernamePattern, usernameSkeleton } from '../../../core/rules/account';
import { isReservedUsername } from '../../../core/terminal/reserved-names';
import { texts } from '../../../core/texts';
import type { Database } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { HttpError } from '../../http/errors';
import * as store from './store';

/**
 * A renamed player's new name (ADR 060): the registration's rules (pattern, visible characters, the
 * system's reserved names, free by case and look-alike skeleton, not a retired name). In one transaction
 * the old name is retired and the new one set, which also lifts the 403 on every game route; the caller
 * publishes the new view so the player's tabs and every instance's session cache have it.
 */
export async function chooseUsername(
  deps: { database: Database; now: () => number; view: (userId: number) => Promise<User> },
  userId: number,
  body: ChooseUsernameBody,
): Promise<User> {
  const username = normalizeUsername(body.username);
  if (!usernamePattern.test(username)) throw new HttpError(400, `Invalid username: ${texts.hintUsername}`);
  if (!isVisibleUsername(username)) throw new HttpError(400, texts.usernameInvisible);
  if (isReservedUsername(username)) throw new HttpError(400, texts.usernameReserved);
  const skeleton = usernameSkeleton(username);
  const { db } = deps.database;
  if (await store.isNameTaken(db, '', username, skeleton, new Date(deps.now())))
    throw new HttpError(409, texts.loginIdOrUsernameTaken);
  try {
    await db.transaction(async (tx) => {
      await lockPlayers(tx, [userId]);
      const row = await store.findUserById(tx, userId);
      if (!row?.renameRequired) throw new HttpError(409, texts.renameNotPending);
      await store.reserveUsername(tx, {
        skeleton: row.usernameSkeleton ?? usernameSkeleton(row.username),
        username: row.username,
        userId,
        at: new Date(deps.now()),
      });
      if (!(await store.setChosenUsername(tx, userId, username, skeleton)))
        throw new HttpError(409, texts.renameNotPending);
    });
  } catch (error) {
    if (store.isUniqueViolation(error)) throw new HttpError(409, texts.loginIdOrUsernameTaken);
    throw error;
  }
  return deps.view(userId);
}
