import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { texts } from '../../core/texts';
import { HttpError } from './errors';
import { isApiPath, routePath } from './route-path';

// spec §7: login, register and logout go without a token (there is no session to hold one yet,
// and the Lax cookie already keeps a cross-site logout from carrying the session).
// The payment provider's webhook has no session either: its Stripe-Signature is checked instead.
export const csrfExemptPaths: ReadonlySet<string> = new Set([
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/logout',
  '/api/payments/webhook',
]);
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Every state-changing /api call must carry X-CSRF-Token equal to its session's token, else 403. */
export function registerCsrf(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const path = routePath(request);
    if (safeMethods.has(request.method) || !isApiPath(path)) return;
    if (csrfExemptPaths.has(path)) return;
    if (!request.auth) throw new HttpError(401, texts.notSignedIn);
    const header = request.headers['x-csrf-token'];
    if (typeof header !== 'string' || !sameToken(header, request.auth.csrfToken)) {
      throw new HttpError(403, texts.csrfInvalid);
    }
  });
}
