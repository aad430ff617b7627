import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountPaths } from '../../core/api/account';
import { authPaths } from '../../core/api/auth';
import { balance } from '../../core/balance';
import { texts } from '../../core/texts';
import type { AuthContext, KeyAuthenticator, SessionResolver } from '../player/auth-context';
import { HttpError } from './errors';
import { isApiPath, routePath } from './route-path';

export const sessionCookieName = 'bb_session';

const openWhileRenaming = new Set([
  accountPaths.username,
  '/api/auth/user',
  authPaths.session,
  '/api/auth/csrf-token',
  '/api/auth/logout',
  '/api/auth/login',
  '/api/auth/register',
]);
export const sessionMaxAgeS = balance.sessionIdleDays * 24 * 3600;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * Reads the signed session cookie on every /api and /ws request and attaches the session, if live;
 * or, with `Authorization: Bearer`, the player's read-only API key (ADR 075) instead of any cookie.
 */
export function registerSession(app: FastifyInstance, auth: SessionResolver, apiKeys?: KeyAuthenticator): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    const path = routePath(request);
    const isSocket = path === '/ws';
    if (!isApiPath(path) && !isSocket) return;
    // API answers are per player and change with every request: never kept by a cache.
    if (!isSocket) reply.header('cache-control', 'no-store');
    const bearer = bearerKey(request);
    if (bearer !== null && apiKeys) {
      request.auth = await authenticateKey(apiKeys, bearer, request, reply, path);
      return;
    }
    const token = readSessionToken(request);
    request.auth = token ? await auth.resolve(token) : null;
    // A renamed player chooses a new username before anything else (ADR 060): only signing in and out,
    // who they are, and the choice itself answer; the socket stays, so the tab hears the change.
    if (request.auth?.user.renameRequired && !isSocket && !openWhileRenaming.has(path))
      throw new HttpError(403, texts.renameRequired);
    // Sliding expiry: the cookie lives as long as the session, not 30 days from sign-in.
    if (token && request.auth?.extended && !isSocket) setSessionCookie(request, reply, token, sessionMaxAgeS);
  });
}

function bearerKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer +(\S+)\s*$/i.exec(header) : null;
  return match ? match[1]! : null;
}

/** A key reads as its owner with a session of its own that cannot pass CSRF: writes were refused already. */
async function authenticateKey(
  apiKeys: KeyAuthenticator,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
): Promise<AuthContext> {
  const access = await apiKeys.authenticate(key, request.method, path);
  // IETF draft-ietf-httpapi-ratelimit-headers: the budget, what is left, and seconds until the next window.
  reply
    .header('ratelimit-limit', access.rate.limit)
    .header('ratelimit-remaining', access.rate.remaining)
    .header('ratelimit-reset', access.rate.resetS);
  if (access.exceeded || !access.user) throw new HttpError(429, texts.apiKeys.rateLimited);
  return { sessionId: `api-key:${access.keyId}`, csrfToken: '', user: access.user };
}

export function readSessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[sessionCookieName];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

/** HttpOnly and SameSite=Lax always; Secure whenever the player reached us over https. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeS: number): void {
  reply.setCookie(sessionCookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    signed: true,
    maxAge: maxAgeS,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

/** The signed-in session, or a 401 the client reads as "signed out". */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new HttpError(401, texts.notSignedIn);
  return request.auth;
}
