import type { RegisterBody } from '../../../core/api/auth';
import { balance } from '../../../core/balance';
import { isReservedUsername } from '../../../core/terminal/reserved-names';
import {
  isLoginId,
  isPassword,
  isVisibleUsername,
  normalizeUsername,
  usernamePattern,
  usernameSkeleton,
} from '../../../core/rules/account';
import { texts } from '../../../core/texts';
import { HttpError } from '../../http/errors';
import { toUserView } from '../../player/user-view';
import { openSession, type AuthContextDeps } from './sessions';
import * as store from './store';

/** spec §4/§5/§8: creates the account and signs it in. */
export async function register(ctx: AuthContextDeps, body: RegisterBody, ip: string) {
  const { deps, db, passwords } = ctx;
  if (!body.loginId || !body.username || !body.password) throw new HttpError(400, texts.registerMissingFields);
  if (!isLoginId(body.loginId)) throw new HttpError(400, `Invalid login ID: ${texts.hintLoginId}`);
  const username = normalizeUsername(body.username);
  if (!usernamePattern.test(username)) throw new HttpError(400, `Invalid username: ${texts.hintUsername}`);
  if (!isVisibleUsername(username)) throw new HttpError(400, texts.usernameInvisible);
  if (isReservedUsername(username)) throw new HttpError(400, texts.usernameReserved);
  if (!isPassword(body.password)) throw new HttpError(400, texts.registerFailedGeneric);
  // Every refusal comes before the hash: argon2 costs ~19 MiB and tens of ms per call.
  if (!(await ctx.limits.registrations.hit(ip))) throw new HttpError(429, texts.tooManyRegistrations);
  if (deps.accountsPerIp > 0 && (await store.countUsersFromIp(db, ip)) >= deps.accountsPerIp)
    throw new HttpError(403, texts.multiAccount);
  const skeleton = usernameSkeleton(username);
  // The unique indexes still decide a race; this only spares the hash for a name plainly taken.
  if (await store.isNameTaken(db, body.loginId, username, skeleton, new Date(deps.now())))
    throw new HttpError(409, texts.loginIdOrUsernameTaken);
  const passwordHash = await passwords.hash(body.password);
  const now = deps.now();
  let row: store.UserRow;
  try {
    row = await db.transaction(async (tx) => {
      if (deps.accountsPerIp > 0) {
        await store.lockRegistrationsFromIp(tx, ip);
        if ((await store.countUsersFromIp(tx, ip)) >= deps.accountsPerIp) throw new HttpError(403, texts.multiAccount);
      }
      return store.insertUser(tx, {
        loginId: body.loginId,
        username,
        usernameSkeleton: skeleton,
        passwordHash,
        attack: balance.startingAttack,
        criticalRate: balance.startingCriticalRatePct,
        bonusCriticalHit: balance.startingBonusCriticalHitPct,
        connectionRate: balance.startingConnectionRatePct,
        itemDropRate: balance.startingItemDropRate,
        tapTokens: balance.tapBurstCapacity,
        tapTokensAt: now,
        registrationIp: ip,
      });
    });
  } catch (error) {
    if (store.isUniqueViolation(error)) throw new HttpError(409, texts.loginIdOrUsernameTaken);
    throw error;
  }
  return { user: toUserView(row, []), ...(await openSession(ctx, row.id)) };
}
