import type { SessionProbeResponse, SignedInResponse } from '../../core/api/auth';
import { accountTexts } from '../../core/texts/account';
import { ApiError } from '../lib/api-error';

// The two calls the login screen makes before the game is loaded: who is signed in, and login /
// register. Plain fetch, no zod and no query cache: this module is part of the login screen's
// first load, which must stay small (ADR 040). Their answers are typed by the route contracts (a type-only
// import: no zod in this bundle), so a changed shape fails the type check here too; the game (app.tsx)
// validates what they return against the API contract when it takes over.

/** How the game starts: the player as the server sent them, and the session's CSRF token if known. */
export interface SessionStart {
  /** The answer of /api/auth/user, login or register; checked against `User` by the game. */
  user: unknown;
  /** From login or register (one round trip, ADR 040); null after a reload. */
  csrfToken: string | null;
  /** The player just signed in (not a page load): the new screen's heading takes focus. */
  signedInNow: boolean;
}

const headers = { 'X-Requested-With': 'XMLHttpRequest', 'X-Frontend-Request': 'true' };

/**
 * The signed-in player behind the cookie, or null when there is none or the check fails. The probe
 * answers 200 {signedIn:false} for a signed-out visitor, so the login screen logs no error (ADR 069);
 * the path is `authPaths.session`, written out to keep zod out of the first load.
 */
export async function fetchSessionUser(fetchFn: typeof fetch = fetch): Promise<unknown> {
  try {
    const res = await fetchFn('/api/auth/session', { credentials: 'same-origin', headers });
    if (!res.ok) return null;
    const probe = (await res.json()) as Partial<SessionProbeResponse> & { user?: unknown };
    return probe.signedIn === true && typeof probe.user === 'object' ? probe.user : null;
  } catch {
    // spec §4: a failed check means signed out.
    return null;
  }
}

/** POSTs login or register; the answer carries the player and the new session's CSRF token. */
export async function postAuth(
  path: '/api/auth/login' | '/api/auth/register',
  body: object,
  fetchFn: typeof fetch = fetch,
): Promise<SessionStart> {
  const res = await fetchFn(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
  let payload: unknown;
  try {
    payload = await res.json();
  } catch {
    throw new Error(accountTexts.responseDecodingFailed);
  }
  if (typeof payload !== 'object' || payload === null) throw new Error(accountTexts.responseDecodingFailed);
  const token = (payload as Partial<Record<keyof SignedInResponse, unknown>>).csrfToken;
  return { user: payload, csrfToken: typeof token === 'string' && token ? token : null, signedInNow: true };
}

const signedInHint = 'bb.signedIn';

/**
 * Whether this browser was signed in at its last visit: if so the boot loads the game's code while
 * it asks the server, instead of after (a hint only; the server's answer decides).
 */
export const wasSignedIn = {
  get(): boolean {
    try {
      return window.localStorage.getItem(signedInHint) === '1';
    } catch {
      return false;
    }
  },
  set(signedIn: boolean): void {
    try {
      if (signedIn) window.localStorage.setItem(signedInHint, '1');
      else window.localStorage.removeItem(signedInHint);
    } catch {
      // private mode: no hint, the boot only loads the game a little later
    }
  },
};
