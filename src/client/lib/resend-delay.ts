import { infra } from '../../core/infra';

/** The header a shed answer carries: the server read nothing and did nothing, so any request may be sent again (ADR 072). */
export const shedHeader = 'x-shed';

/**
 * How long to wait before resending after a 503: the server's Retry-After (seconds) when it gave one,
 * else the keyed-call pause, doubled for each resend already made (a server still busy after one pause
 * gets a longer one, so a crowd sent back together thins out rather than returning as one), plus up to
 * half of it again at random so the clients of one busy server do not all come back in the same
 * instant; never longer than infra.shedRetryMaxDelayMs.
 */
export function resendDelayMs(retryAfter: string | null, random: () => number, resendsMade = 0): number {
  const given = retryAfter?.trim() ?? '';
  const seconds = /^\d+$/.test(given) ? Number(given) : null;
  const hintMs = (seconds === null ? infra.idempotentRetryDelayMs : seconds * 1000) * 2 ** Math.min(resendsMade, 8);
  return Math.min(infra.shedRetryMaxDelayMs, Math.round(hintMs * (1 + infra.shedRetryJitterShare * random())));
}

/**
 * Whether a 503 may be sent again: a shed answer always (nothing was read), a keyed call (the server
 * applies it once) and a read (it changes nothing). An unkeyed write that failed otherwise is not resent.
 */
export function mayResend(
  response: { status: number; headers: { has(name: string): boolean } },
  call: { method: string; keyed: boolean },
): boolean {
  if (response.status !== 503) return false;
  return response.headers.has(shedHeader) || call.keyed || call.method === 'GET';
}
