import { texts } from '../../core/texts';
import { parseBody, readCsrfToken } from './api-wire';

/** The session's CSRF token, cached: fetched when missing, dropped when refused or the session ends. */
export interface CsrfToken {
  /** The kept token, or a fresh one; concurrent calls share one token request. */
  ensure(): Promise<string>;
  /** Forgets the kept token; null also makes the next ensure() fetch one. */
  set(token: string | null): void;
}

export function createCsrfToken(fetchFn: typeof fetch, initial: string | null): CsrfToken {
  let token = initial;
  let pending: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    try {
      const res = await fetchFn('/api/auth/csrf-token', {
        credentials: 'same-origin',
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-Frontend-Request': 'true' },
      });
      if (!res.ok) throw new Error(texts.noSecurityToken);
      const fresh = readCsrfToken(await parseBody(res));
      if (!fresh) throw new Error(texts.noSecurityToken);
      token = fresh;
      return fresh;
    } catch {
      throw new Error(texts.noSecurityToken);
    }
  }

  return {
    ensure() {
      if (token) return Promise.resolve(token);
      pending ??= fetchToken().finally(() => {
        pending = null;
      });
      return pending;
    },
    set(next) {
      token = next;
    },
  };
}
