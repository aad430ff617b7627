import { describe, expect, it } from 'vitest';
import { balance } from '../core/balance';
import { loadConfig } from './config';

const base = { DATA_DIR: '/tmp/bitbreach-config-test', SESSION_SECRET: 'x'.repeat(32) };

describe('loadConfig: the hardening settings', () => {
  it('reads REDIS_CHANNEL, and leaves it unset (derived from the database) by default', () => {
    expect(loadConfig({ ...base, REDIS_CHANNEL: 'game-a' }).redisChannel).toBe('game-a');
    expect(loadConfig(base).redisChannel).toBeUndefined();
  });

  it('reads REGISTRATIONS_PER_IP, defaulting to balance.registrationsPerIp', () => {
    expect(loadConfig(base).registrationsPerIp).toBe(balance.registrationsPerIp);
    expect(loadConfig({ ...base, REGISTRATIONS_PER_IP: '12' }).registrationsPerIp).toBe(12);
    expect(() => loadConfig({ ...base, REGISTRATIONS_PER_IP: '0' })).toThrow();
  });
});
