import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../../core/balance';
import { infra } from '../../../core/infra';
import { texts } from '../../../core/texts';
import { asPlayer, buildTestApp, expectError, type TestApp } from '../../../../tests/support/app';
import { fakeKeys, startFakeStripe, stripeConfigFor, type FakeStripe } from '../../../../tests/support/fake-stripe';
import { act } from '../../../../tests/support/items';

const t = texts.virus;

describe('virus shop security [pglite]', () => {
  let app: TestApp;
  let fake: FakeStripe;
  let staticDir: string;
  beforeAll(async () => {
    fake = await startFakeStripe();
    staticDir = mkdtempSync(join(tmpdir(), 'bb-virus-static-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>t</title>');
    app = await buildTestApp('pglite', { config: { payments: stripeConfigFor(fake), staticDir } });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('lets Stripe.js run on /virus only', async () => {
    const csp = async (url: string) =>
      String((await app.fastify.inject({ method: 'GET', url })).headers['content-security-policy']);
    expect(await csp('/virus')).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(await csp('/virus')).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/);
    for (const other of ['/', '/inventory', '/api/health']) expect(await csp(other)).not.toContain('stripe');
  });

  it('limits webhook deliveries per address per minute: the one over the limit gets 429 and changes nothing, another address is unaffected', async () => {
    const p = await asPlayer(app);
    const res = await act(p, '/api/create-payment-intent', { trojanCount: 1 });
    const pi = fake.succeed(res.json().paymentIntentId);
    const hook = fake.webhook('payment_intent.succeeded', pi);
    const from = (remoteAddress: string, h = hook) =>
      app.fastify.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload: h.payload,
        headers: h.headers,
        remoteAddress,
      });
    const flooder = '203.0.113.7';
    // The limit counts deliveries, verified or not: a flood of junk uses up the window as well.
    const junk = { payload: '{}', headers: { 'content-type': 'application/json' } };
    for (let i = 0; i < infra.virusWebhooksPerMinute; i++) expect((await from(flooder, junk)).statusCode).toBe(400);
    expectError(await from(flooder), 429, t.tooManyWebhooks);
    expect((await p.request('GET', '/api/telnet-cores')).json()).toEqual([]);
    expect((await p.request('GET', '/api/virus/shop')).json().purchases[0]).toMatchObject({
      status: 'started',
      coresAwarded: 0,
    });
    // Stripe's other delivery address is counted on its own.
    expect((await from('198.51.100.9')).statusCode).toBe(200);
    expect((await p.request('GET', '/api/telnet-cores')).json()).toHaveLength(1);
    // A minute later (the injected clock) the first address is heard again.
    expectError(await from(flooder), 429, t.tooManyWebhooks);
    app.clock.advance(60_000);
    expect((await from(flooder)).json()).toEqual({ received: true });
    expect((await p.request('GET', '/api/telnet-cores')).json()).toHaveLength(1);
  });

  it('takes a signed webhook past the 16 KiB API limit, up to its own 64 KiB, and only as JSON', async () => {
    const p = await asPlayer(app);
    const res = await act(p, '/api/create-payment-intent', { trojanCount: 1 });
    const pi = fake.succeed(res.json().paymentIntentId);
    const big = fake.webhook('payment_intent.succeeded', { ...pi, description: 'x'.repeat(20_000) });
    const ok = await app.fastify.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: big.payload,
      headers: big.headers,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await p.request('GET', '/api/telnet-cores')).json()).toHaveLength(1);
    const huge = fake.webhook('payment_intent.succeeded', { ...pi, description: 'x'.repeat(70_000) });
    expect(
      (
        await app.fastify.inject({
          method: 'POST',
          url: '/api/payments/webhook',
          payload: huge.payload,
          headers: huge.headers,
        })
      ).statusCode,
    ).toBe(413);
    const form = await app.fastify.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: 'a=b',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'stripe-signature': big.headers['stripe-signature']!,
      },
    });
    expect(form.statusCode).toBe(415);
    // The other /api routes keep their 16 KiB limit.
    expect(
      (await p.request('POST', '/api/complete-trojan-purchase', { paymentIntentId: `pi_${'a'.repeat(20_000)}` }))
        .statusCode,
    ).toBe(413);
  });
});

describe('virus shop logs no secret [pglite]', () => {
  let app: TestApp;
  let fake: FakeStripe;
  const lines: string[] = [];
  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await buildTestApp('pglite', {
      config: { payments: stripeConfigFor(fake), logLevel: 'trace' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it(
    'never logs the secret key, the webhook secret, a client secret or a ' +
      'Stripe-Signature, through a purchase, a bad signature and a payments error',
    async () => {
      const p = await asPlayer(app);
      const deliver = (hook: { payload: string; headers: Record<string, string> }) =>
        app.fastify.inject({
          method: 'POST',
          url: '/api/payments/webhook',
          payload: hook.payload,
          headers: hook.headers,
        });
      const secrets: string[] = [fakeKeys.secretKey, fakeKeys.webhookSecret];

      // A full purchase: intent, payment, completion, the webhook, then a refund.
      const res = await act(p, '/api/create-payment-intent', { trojanCount: 1 });
      expect(res.statusCode, res.body).toBe(200);
      secrets.push(res.json().clientSecret);
      const pi = fake.succeed(res.json().paymentIntentId);
      expect(
        (await p.request('POST', '/api/complete-trojan-purchase', { paymentIntentId: pi.id })).json(),
      ).toMatchObject({ status: 'fulfilled' });
      for (const hook of [
        fake.webhook('payment_intent.succeeded', pi),
        fake.webhook('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: pi.id }),
      ]) {
        secrets.push(hook.headers['stripe-signature']!);
        expect((await deliver(hook)).statusCode).toBe(200);
      }
      // A delivery with a bad signature.
      const forged = fake.webhook('payment_intent.succeeded', pi, 'whsec_attacker');
      secrets.push(forged.headers['stripe-signature']!);
      expectError(await deliver(forged), 400, t.webhookBadSignature);
      // A payments error from the provider.
      app.clock.advance(balance.virusCooldownSeconds * 1000);
      fake.createError = {
        status: 400,
        type: 'invalid_request_error',
        message: 'Your account cannot currently make charges.',
      };
      expectError(await act(p, '/api/create-payment-intent', { trojanCount: 1 }), 502, t.providerUnavailable);
      fake.createError = null;

      // The capture is not empty: the requests, the error path and the reversal were all logged…
      const log = lines.join('');
      expect(log).toContain('/api/payments/webhook');
      expect(log).toContain('payment intent creation failed');
      expect(log).toContain('Your account cannot currently make charges.');
      expect(log).toContain('virus purchase reversed');
      // …and no secret is in any line.
      for (const secret of secrets) expect(log).not.toContain(secret);
      // Nor the signature's own digest (it is what an attacker would replay).
      for (const secret of secrets.slice(-3)) expect(log).not.toContain(/v1=([0-9a-f]+)/.exec(secret)![1]);
    },
  );
});
