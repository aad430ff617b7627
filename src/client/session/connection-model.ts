import { ApiError } from '../lib/api-error';

// What a session check's answer means (ADR 061): only a refusal from the server ends the session.
// A check the server did not answer — the network failed, it is restarting (5xx, 503 while draining),
// a proxy timed out — says nothing about the session: the tab keeps its screen and tries again.
// No zod and nothing heavy here: the login screen's first load (session-start.ts) uses it too.

/** Whether the server refused the session (sign out) or could not be asked (keep the screen, retry). */
export type CheckVerdict = 'signed-out' | 'unreachable';

/** Statuses that say "not now" rather than "no": a proxy's or server's own timeout and a rate limit. */
const tryLaterStatuses: ReadonlySet<number> = new Set([408, 425, 429]);

/**
 * The verdict on an answer status of the session check; null means no usable answer arrived (the
 * fetch failed, or the body was not the player). 401 is the server saying the session is gone; any
 * other 4xx is a refusal too (waiting will not change it); 5xx and the try-later statuses are not.
 */
export function verdictOfStatus(status: number | null): CheckVerdict {
  if (status === null) return 'unreachable';
  if (status >= 500 || tryLaterStatuses.has(status)) return 'unreachable';
  return status >= 400 ? 'signed-out' : 'unreachable';
}

/** The verdict on whatever a failed session check threw. */
export function verdictOfError(error: unknown): CheckVerdict {
  return verdictOfStatus(error instanceof ApiError ? error.status : null);
}

export interface RetryConfig {
  baseMs: number;
  maxMs: number;
}

/**
 * The wait before retry `attempt` (0 = the first after a failure): doubles from baseMs up to maxMs,
 * half fixed and half random, so every tab of a restarted server does not come back in the same instant.
 */
export function retryDelayMs(attempt: number, random: () => number, config: RetryConfig): number {
  const step = Math.min(config.maxMs, config.baseMs * 2 ** Math.min(30, Math.max(0, attempt)));
  return Math.round(step / 2 + random() * (step / 2));
}

/** The tab's link to the server, as the player sees it: working, or waiting for the server to answer. */
export type LinkState = { kind: 'online' } | { kind: 'reconnecting'; attempt: number };

export const online: LinkState = { kind: 'online' };

/** What a session check's outcome does: the new link state, whether to sign out, when to ask again. */
export interface CheckStep {
  link: LinkState;
  signOut: boolean;
  /** Ask again after this many ms (null: the ordinary schedule applies). */
  retryInMs: number | null;
}

/**
 * The one rule for a finished session check: a player answered means online; a refusal (401 and the
 * like) signs out; no answer keeps the player signed in, shows RECONNECTING and retries with backoff.
 */
export function afterCheck(
  link: LinkState,
  outcome: { kind: 'user' } | { kind: 'failed'; verdict: CheckVerdict },
  random: () => number,
  config: RetryConfig,
): CheckStep {
  if (outcome.kind === 'user') return { link: online, signOut: false, retryInMs: null };
  if (outcome.verdict === 'signed-out') return { link: online, signOut: true, retryInMs: null };
  const attempt = link.kind === 'reconnecting' ? link.attempt + 1 : 0;
  return { link: { kind: 'reconnecting', attempt }, signOut: false, retryInMs: retryDelayMs(attempt, random, config) };
}
