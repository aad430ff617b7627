import { describe, expect, it } from 'vitest';
import { infra } from '../../core/infra';
import { mayResend, resendDelayMs, shedHeader } from './resend-delay';

const headers = (...names: string[]) => new Headers(names.map((name): [string, string] => [name, '1']));

describe('resendDelayMs', () => {
  it.each([
    { retryAfter: '2', random: 0, expected: 2000 },
    { retryAfter: '2', random: 0.999999, expected: 3000 },
    { retryAfter: ' 1 ', random: 0.5, expected: 1250 },
    { retryAfter: null, random: 0, expected: infra.idempotentRetryDelayMs },
    { retryAfter: 'Wed, 21 Oct 2026 07:28:00 GMT', random: 0, expected: infra.idempotentRetryDelayMs },
    { retryAfter: '-3', random: 0, expected: infra.idempotentRetryDelayMs },
    { retryAfter: '3600', random: 0, expected: infra.shedRetryMaxDelayMs },
  ])('Retry-After $retryAfter with random $random waits $expected ms', ({ retryAfter, random, expected }) => {
    expect(resendDelayMs(retryAfter, () => random)).toBe(expected);
  });

  it('doubles the pause for each resend already made, up to the longest wait', () => {
    expect([0, 1, 2, 3, 4, 40].map((made) => resendDelayMs('1', () => 0, made))).toEqual([
      1000,
      2000,
      4000,
      8000,
      infra.shedRetryMaxDelayMs,
      infra.shedRetryMaxDelayMs,
    ]);
  });
});

describe('mayResend', () => {
  it.each([
    { why: 'a shed write, even unkeyed', status: 503, shed: true, method: 'POST', keyed: false, expected: true },
    { why: 'a keyed write', status: 503, shed: false, method: 'POST', keyed: true, expected: true },
    { why: 'a read', status: 503, shed: false, method: 'GET', keyed: false, expected: true },
    {
      why: 'an unkeyed write that was not shed',
      status: 503,
      shed: false,
      method: 'POST',
      keyed: false,
      expected: false,
    },
    { why: 'any other status', status: 500, shed: true, method: 'GET', keyed: true, expected: false },
  ])('$why: $expected', ({ status, shed, method, keyed, expected }) => {
    expect(mayResend({ status, headers: shed ? headers(shedHeader) : headers() }, { method, keyed })).toBe(expected);
  });
});
