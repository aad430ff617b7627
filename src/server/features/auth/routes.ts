import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
import type { FastifyInstance } from 'fastify';
import { accountPaths, ChangePasswordBody, ChooseUsernameBody } from '../../../core/api/account';
import {
  authPaths,
  LoginBody,
  RegisterBody,
  type SessionProbeResponse,
  type SignedInResponse,
} from '../../../core/api/auth';
import { parseInput } from '../../http/errors';
import {
  clearSessionCookie,
  readSessionToken,
  requireAuth,
  sessionMaxAgeS,
  setSessionCookie,
} from '../../http/session';
import { User } from '../../../core/api/common';
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
  app.post('/api/auth/register', async (request, reply) => {
    const body = parseInput(RegisterBody, request.body);
    const session = await auth.register(body, request.ip);
    setSessionCookie(request, reply, session.token, sessionMaxAgeS);
    return reply.status(201).send(sessionStart(session));
  });

  app.post('/api/auth/login', async (request, reply) => {
    const body = parseInput(LoginBody, request.body);
    const session = await auth.login(body, request.ip);
    // A new session id at every login: a token planted before sign-in is worthless after it. Ended
    // only once the credentials are accepted, so a wrong password does not sign the tab out.
    const previous = readSessionToken(request);
    if (previous) await auth.logout(previous);
    setSessionCookie(request, reply, session.token, sessionMaxAgeS);
    return sessionStart(session);
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const token = readSessionToken(request);
    if (token) await auth.logout(token);
    clearSessionCookie(request, reply);
    return reply.status(204).send();
  });

  // The boot's probe (ADR 069): a signed-out visitor is an answer, not an error, so it is a 200 and
  // the login screen logs nothing; the game's own check stays on /api/auth/user, where a 401 is the
  // refusal that signs a tab out (ADR 061).
  app.get(authPaths.session, async (request): Promise<SessionProbeResponse> =>
    request.auth ? { signedIn: true, user: await auth.view(request.auth.user.id) } : { signedIn: false },
  );

  // Read fresh: stats change with every tap, and the session cache holds only who the player is.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/auth/user', { schema: { response: { 200: User, ...errorResponses } } }, async (request) =>
      auth.view(requireAuth(request).user.id),
    );

  app.post(accountPaths.password, async (request) => {
    const { sessionId, user } = requireAuth(request);
    const body = parseInput(ChangePasswordBody, request.body);
    return auth.changePassword({ userId: user.id, sessionId, ip: request.ip }, body);
  });

  // After a moderator's rename (ADR 060): the one game route open until the new name is chosen.
  app.post(accountPaths.username, async (request) => {
    const { user } = requireAuth(request);
    return auth.chooseUsername(user.id, parseInput(ChooseUsernameBody, request.body));
  });

  app.get('/api/auth/csrf-token', async (request) => ({ csrfToken: requireAuth(request).csrfToken }));
}
