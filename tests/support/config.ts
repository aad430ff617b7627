import type { Config } from '../../src/server/config';

/** Config for tests: silent, no per-IP account limit unless a test sets one, generous login limits. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    database: { kind: 'pglite', dataDir: null },
    redisUrl: null,
    trustProxy: false,
    accountsPerIp: 0,
    registrationsPerIp: 1000,
    sessionSecret: 'test-secret-test-secret-test-secret-0123',
    loginAttemptsPerIp: 1000,
    loginAttemptsPerLoginId: 1000,
    logLevel: 'silent',
    staticDir: null,
    dataDir: '/tmp/bitbreach-test-unused',
    ...overrides,
  };
}
