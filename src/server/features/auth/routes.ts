import type { FastifyInstance } from 'fastify';
import {
  accountPaths,
  ChangePasswordBody,
  ChangePasswordResponse,
  ChooseUsernameBody,
} from '../../../core/api/account';
import {
  authPaths,
  CsrfToken,
  LoginBody,
  RegisterBody,
  SessionProbeResponse,
  SignedInResponse,
} from '../../../core/api/auth';
import { User } from '../../../core/api/common';
import { errorResponses, NoContent, type ZodTypeProvider } from '../../http/contracts';
import {
  clearSessionCookie,
  readSessionToken,
  requireAuth,
  sessionMaxAgeS,
  setSessionCookie,
} from '../../http/session';
import type { AuthService } from './service';

/**
 * What login and register answer: the player plus the new session's CSRF token, so the client can
 * make its first state change without a second round trip. The token endpoint
 * stays for reloads, when the page has only the cookie.
 */
function sessionStart(session: { user: User; csrfToken: string }): SignedInResponse {
  return { ...session.user, csrfToken: session.csrfToken };
}

export function authRoutes(app: FastifyInstance, auth: AuthService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/auth/register',
    { schema: { body: RegisterBody, response: { 201: SignedInResponse, ...errorResponses } } },
    async (request, reply) => {
      const session = await auth.register(request.body, request.ip);
      setSessionCookie(request, reply, session.token, sessionMaxAgeS);
      return reply.status(201).send(sessionStart(session));
    },
  );

  api.post(
    '/api/auth/login',
    { schema: { body: LoginBody, response: { 200: SignedInResponse, ...errorResponses } } },
    async (request, reply) => {
      const session = await auth.login(request.body, request.ip);
      // A new session id at every login: a token planted before sign-in is worthless after it. Ended
      // only once the credentials are accepted, so a wrong password does not sign the tab out.
      const previous = readSessionToken(request);
      if (previous) await auth.logout(previous);
      setSessionCookie(request, reply, session.token, sessionMaxAgeS);
      return sessionStart(session);
    },
  );

  api.post(
    '/api/auth/logout',
    { schema: { response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const token = readSessionToken(request);
      if (token) await auth.logout(token);
      clearSessionCookie(request, reply);
      return reply.status(204).send();
    },
  );

  // The boot's probe (ADR 069): a signed-out visitor is an answer, not an error, so it is a 200 and
  // the login screen logs nothing; the game's own check stays on /api/auth/user, where a 401 is the
  // refusal that signs a tab out (ADR 061).
  api.get(
    authPaths.session,
    { schema: { response: { 200: SessionProbeResponse, ...errorResponses } } },
    async (request): Promise<SessionProbeResponse> =>
      request.auth ? { signedIn: true, user: await auth.view(request.auth.user.id) } : { signedIn: false },
  );

  // Read fresh: stats change with every tap, and the session cache holds only who the player is.
  api.get('/api/auth/user', { schema: { response: { 200: User, ...errorResponses } } }, async (request) =>
    auth.view(requireAuth(request).user.id),
  );

  api.post(
    accountPaths.password,
    { schema: { body: ChangePasswordBody, response: { 200: ChangePasswordResponse, ...errorResponses } } },
    async (request) => {
      const { sessionId, user } = requireAuth(request);
      return auth.changePassword({ userId: user.id, sessionId, ip: request.ip }, request.body);
    },
  );

  // After a moderator's rename (ADR 060): the one game route open until the new name is chosen.
  api.post(
    accountPaths.username,
    { schema: { body: ChooseUsernameBody, response: { 200: User, ...errorResponses } } },
    async (request) => auth.chooseUsername(requireAuth(request).user.id, request.body),
  );

  api.get('/api/auth/csrf-token', { schema: { response: { 200: CsrfToken, ...errorResponses } } }, async (request) => ({
    csrfToken: requireAuth(request).csrfToken,
  }));
}
