import { describe, expect, it } from 'vitest';
import { infra } from '../core/infra';
import { loadConfig } from './config';

const base = { DATA_DIR: '/tmp/bitbreach-config-test', SESSION_SECRET: 'x'.repeat(32) };

describe('loadConfig: the hardening settings', () => {
  it('reads REDIS_CHANNEL, and leaves it unset (derived from the database) by default', () => {
    expect(loadConfig({ ...base, REDIS_CHANNEL: 'game-a' }).redisChannel).toBe('game-a');
    expect(loadConfig(base).redisChannel).toBeUndefined();
  });

  it('reads the SHED_* bounds (ADR 072), with 0 turning a bound off, and refuses what cannot be a bound', () => {
    expect(loadConfig(base).shed).toEqual({
      maxInFlight: 256,
      maxLoopDelayMs: 200,
      targetLatencyMs: 0,
      retryAfterSeconds: 1,
    });
    expect(
      loadConfig({
        ...base,
        SHED_MAX_IN_FLIGHT: '0',
        SHED_MAX_LOOP_DELAY_MS: '50',
        SHED_TARGET_LATENCY_MS: '500',
        SHED_RETRY_AFTER_SECONDS: '3',
      }).shed,
    ).toEqual({
      maxInFlight: 0,
      maxLoopDelayMs: 50,
      targetLatencyMs: 500,
      retryAfterSeconds: 3,
    });
    for (const [name, value] of [
      ['SHED_MAX_IN_FLIGHT', '-1'],
      ['SHED_MAX_LOOP_DELAY_MS', 'soon'],
      ['SHED_TARGET_LATENCY_MS', '-5'],
      ['SHED_RETRY_AFTER_SECONDS', '0'],
    ]) {
      expect(() => loadConfig({ ...base, [name!]: value })).toThrow(new RegExp(`Bad configuration:[\\s\\S]*${name}`));
    }
  });

  it('reads REGISTRATIONS_PER_IP, defaulting to infra.registrationsPerIp', () => {
    expect(loadConfig(base).registrationsPerIp).toBe(infra.registrationsPerIp);
    expect(loadConfig({ ...base, REGISTRATIONS_PER_IP: '12' }).registrationsPerIp).toBe(12);
    expect(() => loadConfig({ ...base, REGISTRATIONS_PER_IP: '0' })).toThrow();
  });
});

describe('loadConfig: the per-address limits', () => {
  it('reads SOCKETS_PER_ADDRESS and SOCKET_UPGRADES_PER_ADDRESS, defaulting to balance', () => {
    expect(loadConfig(base).socketsPerAddress).toBe(infra.socketsPerAddress);
    expect(loadConfig(base).socketUpgradesPerAddress).toBe(infra.socketUpgradesPerAddress);
    const school = loadConfig({ ...base, SOCKETS_PER_ADDRESS: '1000', SOCKET_UPGRADES_PER_ADDRESS: '2000' });
    expect([school.socketsPerAddress, school.socketUpgradesPerAddress]).toEqual([1000, 2000]);
  });

  it.each([
    ['SOCKETS_PER_ADDRESS', '0'],
    ['SOCKETS_PER_ADDRESS', 'many'],
    ['SOCKETS_PER_ADDRESS', '2.5'],
    ['SOCKET_UPGRADES_PER_ADDRESS', '-1'],
    ['LOGIN_ATTEMPTS_PER_IP', 'lots'],
    ['ACCOUNTS_PER_IP', '-3'],
  ])('refuses %s=%s at start-up, naming the setting', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(new RegExp(`Bad configuration:[\\s\\S]*${name}`));
  });
});

describe('loadConfig: request logging', () => {
  it('writes every successful request’s line by default, and reads LOG_SUCCESS_SAMPLE', () => {
    expect(loadConfig(base).logSuccessSample).toBe(1);
    expect(loadConfig({ ...base, LOG_SUCCESS_SAMPLE: '0.05' }).logSuccessSample).toBe(0.05);
  });

  it.each(['1.5', '-0.1', 'half'])('refuses LOG_SUCCESS_SAMPLE=%s at start-up', (value) => {
    expect(() => loadConfig({ ...base, LOG_SUCCESS_SAMPLE: value })).toThrow(
      /Bad configuration:[\s\S]*LOG_SUCCESS_SAMPLE/,
    );
  });
});
