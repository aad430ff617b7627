import type { User } from '../../core/api/common';

/**
 * Who is asking: the signed-in player (a cookie session or an API key) as http/session.ts attaches it
 * to a request and realtime/hub.ts to a socket. Shared server modules name this type, never a feature
 * (ADR 080).
 */
export interface AuthContext {
  sessionId: string;
  csrfToken: string;
  /**
   * The player as of the session's look-up, kept fresh by user.updated on the bus (ADR 035): a rule
   * that moves exp, Telnet or items reads its own rows in its transaction, never this.
   */
  user: User;
  /** The session's expiry moved on this request, so the cookie's should too. */
  extended?: boolean;
}

/** What a key-authenticated request carries on: whose key, and its budget for the RateLimit-* headers. */
export interface KeyAccess {
  keyId: number;
  /** Null when the request is refused for the rate (nothing more is read). */
  user: User | null;
  rate: { limit: number; remaining: number; resetS: number };
  /** This request is past the minute's budget: answer 429 (with the headers). */
  exceeded: boolean;
}

/** What the session plugin needs of the auth feature: the session behind a cookie token. */
export interface SessionResolver {
  resolve(token: string): Promise<AuthContext | null>;
}

/** What the session plugin needs of the API keys feature (ADR 075). */
export interface KeyAuthenticator {
  authenticate(key: string, method: string, routePattern: string): Promise<KeyAccess>;
}
