import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import { afterCheck, online, retryDelayMs, verdictOfError, verdictOfStatus, type LinkState } from './connection-model';

const config = { baseMs: 1000, maxMs: 5000 };
const low = () => 0;
const high = () => 0.999999;

describe('which session-check answers sign the player out (ADR 061)', () => {
  it('a 401 (session deleted, logged out elsewhere, banned) signs out', () => {
    expect(verdictOfStatus(401)).toBe('signed-out');
    expect(verdictOfError(new ApiError(401, 'Unauthorized', '{"message":"not signed in"}'))).toBe('signed-out');
  });

  it('any other refusal the server answered (400, 403, 404) signs out too: waiting will not change it', () => {
    for (const status of [400, 403, 404, 410]) expect(verdictOfStatus(status), String(status)).toBe('signed-out');
  });

  it('a server restarting or draining (500, 502, 503, 504) does not: it shows RECONNECTING', () => {
    for (const status of [500, 502, 503, 504]) expect(verdictOfStatus(status), String(status)).toBe('unreachable');
  });

  it('timeouts and rate limits say "not now", not "no"', () => {
    for (const status of [408, 425, 429]) expect(verdictOfStatus(status), String(status)).toBe('unreachable');
  });

  it('a network failure (fetch threw) or an answer that is not the player is no answer', () => {
    expect(verdictOfError(new TypeError('Failed to fetch'))).toBe('unreachable');
    expect(verdictOfError(new Error('Response decoding failed'))).toBe('unreachable');
    expect(verdictOfStatus(null)).toBe('unreachable');
  });
});

describe('the retry schedule while the server is away', () => {
  it('doubles from the base and never waits longer than the cap', () => {
    const steps = Array.from({ length: 8 }, (_, attempt) => retryDelayMs(attempt, high, config));
    expect(steps).toEqual([1000, 2000, 4000, 5000, 5000, 5000, 5000, 5000]);
  });

  it('keeps at least half of each step, so no tab asks in a tight loop', () => {
    expect([0, 1, 2, 3].map((attempt) => retryDelayMs(attempt, low, config))).toEqual([500, 1000, 2000, 2500]);
  });

  it('stays bounded after a very long outage (no overflow to Infinity)', () => {
    expect(retryDelayMs(10_000, high, config)).toBe(5000);
    expect(retryDelayMs(-3, high, config)).toBe(1000);
  });
});

describe('afterCheck: one finished check moves the link', () => {
  const failed = (verdict: 'signed-out' | 'unreachable') => ({ kind: 'failed' as const, verdict });

  it('no answer keeps the player signed in, shows reconnecting and retries, backing off each time', () => {
    let link: LinkState = online;
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const step = afterCheck(link, failed('unreachable'), high, config);
      expect(step.signOut).toBe(false);
      expect(step.link.kind).toBe('reconnecting');
      waits.push(step.retryInMs!);
      link = step.link;
    }
    expect(waits).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('the first answer with the player ends reconnecting; the next outage starts from the base again', () => {
    const back = afterCheck({ kind: 'reconnecting', attempt: 6 }, { kind: 'user' }, high, config);
    expect(back).toEqual({ link: online, signOut: false, retryInMs: null });
    expect(afterCheck(back.link, failed('unreachable'), high, config).retryInMs).toBe(1000);
  });

  it('a refusal signs out at once, also in the middle of reconnecting', () => {
    expect(afterCheck(online, failed('signed-out'), high, config)).toEqual({
      link: online,
      signOut: true,
      retryInMs: null,
    });
    expect(afterCheck({ kind: 'reconnecting', attempt: 3 }, failed('signed-out'), high, config).signOut).toBe(true);
  });
});
