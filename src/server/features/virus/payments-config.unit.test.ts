import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { widenCspForStripe } from './plugin';

const base = { DATA_DIR: '/tmp/bitbreach-virus-config-test', SESSION_SECRET: 'x'.repeat(32) };
const keys = {
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
};

describe('payments configuration', () => {
  it('is off with no keys, so npm start works and nothing can be bought', () => {
    expect(loadConfig(base).payments).toEqual({ mode: 'off' });
  });

  it('turns Stripe on with all three keys, and refuses half a setup', () => {
    expect(loadConfig({ ...base, ...keys }).payments).toEqual({
      mode: 'stripe',
      secretKey: 'sk_test_abc',
      publishableKey: 'pk_test_abc',
      webhookSecret: 'whsec_abc',
    });
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(() => loadConfig({ ...base, ...keys, STRIPE_PUBLISHABLE_KEY: 'sk_live_oops' })).toThrow(
      /must start with pk_/,
    );
  });

  it('allows the test provider in development and refuses it in production', () => {
    expect(loadConfig({ ...base, PAYMENTS: 'test' }).payments).toEqual({ mode: 'test' });
    expect(() => loadConfig({ ...base, PAYMENTS: 'test', NODE_ENV: 'production' })).toThrow(
      /refused when NODE_ENV=production/,
    );
  });

  it('reads the daily limit, defaulting to 50.00 USD', () => {
    expect(loadConfig(base).virusDailyLimitCents).toBe(5000);
    expect(loadConfig({ ...base, VIRUS_DAILY_LIMIT_CENTS: '1000' }).virusDailyLimitCents).toBe(1000);
  });
});

describe('the /virus page CSP', () => {
  it("adds Stripe's script, frame and API origins to the app's policy and nothing else", () => {
    const policy = "default-src 'self';script-src 'self';connect-src 'self';object-src 'none'";
    expect(widenCspForStripe(policy)).toBe(
      "default-src 'self';script-src 'self' https://js.stripe.com;connect-src 'self' " +
        "https://api.stripe.com;object-src 'none';frame-src 'self' https://js.stripe.com https://hooks.stripe.com",
    );
  });
});
