import { z } from 'zod';
import { limits } from '../rules/account';
import { PlainText, User } from './common';

// Bodies are strict (unknown fields refused) and length-capped; the hinted character rules are
// checked in the service so the spec's own message can answer them.
export const LoginBody = z.strictObject({
  loginId: PlainText.max(limits.loginIdMax),
  password: PlainText.max(limits.passwordMax),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const RegisterBody = z.strictObject({
  loginId: PlainText.max(limits.loginIdMax),
  username: PlainText.max(limits.usernameMax),
  password: PlainText.max(limits.passwordMax),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const AuthUserResponse = User;

export const authPaths = { session: '/api/auth/session' } as const;

/** The boot's session probe: who is signed in, or that nobody is (a 200 either way, ADR 069). */
export const SessionProbeResponse = z
  .union([z.object({ signedIn: z.literal(false) }), z.object({ signedIn: z.literal(true), user: User })])
  .meta({ description: 'Who is signed in behind the session cookie, or that nobody is (a 200 either way).' });
export type SessionProbeResponse = z.infer<typeof SessionProbeResponse>;

/**
 * The answer to login and register: the player, plus the new session's CSRF token so the client's
 * first state change needs no token request. A client that reads only User still
 * works: object schemas drop unknown keys.
 */
export const SignedInResponse = User.extend({ csrfToken: z.string().min(1) }).meta({
  description: 'The signed-in player, plus the CSRF token to send as X-CSRF-Token on every state-changing call.',
});
export type SignedInResponse = z.infer<typeof SignedInResponse>;

/** GET /api/auth/csrf-token: the session's token, for a page that has only the cookie (after a reload). */
export const CsrfToken = z
  .object({ csrfToken: z.string() })
  .meta({ description: 'The session’s CSRF token: send it as X-CSRF-Token on every state-changing call.' });
export type CsrfToken = z.infer<typeof CsrfToken>;

/** What the client accepts for the token: the plain answer, or a secureData envelope around it (spec §7). */
export const CsrfTokenResponse = z.union([CsrfToken, z.object({ secureData: z.string() })]);
export type CsrfTokenResponse = z.infer<typeof CsrfTokenResponse>;
