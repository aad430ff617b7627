import { infra } from '../../../core/infra';
import { WindowLimiter } from '../../http/rate-limit';
import { sharedLimiter } from '../../http/shared-limiter';
import type { AuthServiceDeps } from './service';

/** The login and registration limits: in this process, or shared through deps.sharedCounters. */
export function createAuthLimits(deps: AuthServiceDeps) {
  const limiter = (limit: number, windowMs: number) =>
    new WindowLimiter(limit, windowMs, deps.now, infra.rateLimiterMaxKeys).startSweeping();
  // docs/decisions/003: every attempt counts per address; only real password failures count per
  // (login ID, address), so an address the per-IP limit refused can never lock anybody out.
  const perIp = limiter(deps.loginAttemptsPerIp, infra.loginWindowMs);
  const failuresPerLoginAtAddress = limiter(deps.loginAttemptsPerLoginId, infra.loginWindowMs);
  const registrationsPerIp = limiter(deps.registrationsPerIp ?? infra.registrationsPerIp, infra.registrationWindowMs);
  const shared = (name: string, local: WindowLimiter, limit: number, windowMs: number) =>
    sharedLimiter(name, local, limit, windowMs, deps.sharedCounters ?? null);
  const loginsPerIp = shared('login-ip', perIp, deps.loginAttemptsPerIp, infra.loginWindowMs);
  const loginFailures = shared(
    'login-failures',
    failuresPerLoginAtAddress,
    deps.loginAttemptsPerLoginId,
    infra.loginWindowMs,
  );
  const registrations = shared(
    'register-ip',
    registrationsPerIp,
    deps.registrationsPerIp ?? infra.registrationsPerIp,
    infra.registrationWindowMs,
  );
  return { perIp, failuresPerLoginAtAddress, registrationsPerIp, loginsPerIp, loginFailures, registrations };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;
