import type { LoginBody } from '../../../core/api/auth';
import { texts } from '../../../core/texts';
import { HttpError } from '../../http/errors';
import { equippedGear } from '../../inventory';
import { toUserView } from '../../player/user-view';
import { openSession, type AuthContextDeps } from './sessions';
import * as store from './store';

/** spec §8: 401 for a wrong pair, 403 for a banned account, 429 past the attempt limits. */
export async function login(ctx: AuthContextDeps, body: LoginBody, ip: string) {
  const { db, passwords } = ctx;
  if (!body.loginId || !body.password) throw new HttpError(400, texts.loginMissingFields);
  // The per-IP limit first, and nothing else is counted or stored for a refused address.
  if (!(await ctx.limits.loginsPerIp.hit(ip))) throw new HttpError(429, texts.tooManyLoginAttempts);
  const failureKey = `${body.loginId.toLowerCase()}\u0000${ip}`;
  if (await ctx.limits.loginFailures.isExhausted(failureKey)) throw new HttpError(429, texts.tooManyLoginAttempts);
  const row = await store.findUserByLoginId(db, body.loginId);
  const valid = await passwords.verify(row?.passwordHash ?? (await ctx.decoy()), body.password);
  // A deleted account (ADR 057) answers as an unknown login ID, never as a banned one.
  if (!row || !valid || row.deletedAt) {
    await ctx.limits.loginFailures.hit(failureKey);
    throw new HttpError(401, texts.invalidLogin);
  }
  if (row.banned) throw new HttpError(403, texts.accountBanned);
  await ctx.limits.loginFailures.reset(failureKey);
  const equipped = (await equippedGear(db, [row.id])).get(row.id)!;
  return { user: toUserView(row, equipped), ...(await openSession(ctx, row.id)) };
}
