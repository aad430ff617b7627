import { balance } from '../../../core/balance';
import { WindowLimiter } from '../../http/rate-limit';
import { sharedLimiter } from '../../http/shared-limiter';
import type { AuthServiceDeps } from './service';

/** The login and registration limits: in this process, or shared through deps.sharedCounters. */
export function createAuthLimits(deps: AuthServiceDeps) {
  const limiter = (limit: number, windowMs: number) =>
    new WindowLimiter(limit, windowMs, deps.now, balance.rateLimiterMaxKeys).startSweeping();
  // docs/decisions/003: every attempt counts per address; only real password failures count per
  // (login ID, address), so an address the per-IP limit refused can never lock anybody out.
  const perIp = limiter(deps.loginAttemptsPerIp, balance.loginWindowMs);
  const failuresPerLoginAtAddress = limiter(deps.loginAttemptsPerLoginId, balance.loginWindowMs);
  const registrationsPerIp = limiter(
    deps.registrationsPerIp ?? balance.registrationsPerIp,
    balance.registrationWindowMs,
  );
  const shared = (name: string, local: WindowLimiter, limit: number, windowMs: number) =>
    sharedLimiter(name, local, limit, windowMs, deps.sharedCounters ?? null);
  const loginsPerIp = shared('login-ip', perIp, deps.loginAttemptsPerIp, balance.loginWindowMs);
  const loginFailures = shared(
    'login-failures',
    failuresPerLoginAtAddress,
    deps.loginAttemptsPerLoginId,
    balance.loginWindowMs,
  );
  const registrations = shared(
    'register-ip',
    registrationsPerIp,
    deps.registrationsPerIp ?? balance.registrationsPerIp,
    balance.registrationWindowMs,
  );
  return { perIp, failuresPerLoginAtAddress, registrationsPerIp, loginsPerIp, loginFailures, registrations };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;
