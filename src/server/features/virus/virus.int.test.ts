import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../../core/balance';
import { formatUsd } from '../../../core/rules/virus';
import { texts } from '../../../core/texts';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { fakeKeys, startFakeStripe, stripeConfigFor, type FakeStripe } from '../../../../tests/support/fake-stripe';
import { act, coreOf } from '../../../../tests/support/items';

const t = texts.virus;

describe.each(drivers)('virus shop on the real Stripe SDK against a local fake [%s]', (driver) => {
  let app: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await buildTestApp(driver, { config: { payments: stripeConfigFor(fake) } });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  const start = (p: Player, body: unknown, key = randomUUID()) => act(p, '/api/create-payment-intent', body, key);
  const complete = (p: Player, paymentIntentId: string) =>
    p.request('POST', '/api/complete-trojan-purchase', { paymentIntentId });
  const cores = async (p: Player) =>
    (await p.request('GET', '/api/telnet-cores')).json() as { id: number; isUsed: boolean }[];
  const shop = async (p: Player) => (await p.request('GET', '/api/virus/shop')).json();
  const deliver = (hook: { payload: string; headers: Record<string, string> }) =>
    app.fastify.inject({ method: 'POST', url: '/api/payments/webhook', payload: hook.payload, headers: hook.headers });
  /** A purchase started through the API and paid at the fake (what Stripe.js's confirmPayment leads to). */
  async function paid(p: Player, trojanCount = 10) {
    const res = await start(p, { trojanCount });
    expect(res.statusCode, res.body).toBe(200);
    const pi = res.json().paymentIntentId as string;
    fake.succeed(pi);
    return pi;
  }

  it('shows the publishable key and never the secret key', async () => {
    const p = await asPlayer(app);
    const res = await p.request('GET', '/api/virus/shop');
    expect(res.json()).toMatchObject({
      mode: 'stripe',
      publishableKey: fakeKeys.publishableKey,
      dailyLimitCents: balance.virusDailyLimitCents,
      spentTodayCents: 0,
      purchases: [],
    });
    expect(res.body).not.toContain(fakeKeys.secretKey);
    expect(res.body).not.toContain(fakeKeys.webhookSecret);
  });

  it('charges the server price: the client amount must match, other packages and fields are refused', async () => {
    const p = await asPlayer(app);
    const before = fake.intents.size;
    expectError(await start(p, { amount: 0.5, trojanCount: 10 }), 400, t.amountMismatch);
    expectError(await start(p, { amount: 2.39, trojanCount: 10 }), 400, t.amountMismatch);
    expectError(await start(p, { amount: 23.9, trojanCount: 5 }), 400, t.unknownPackage);
    expectError(await start(p, { trojanCount: 10.5 }), 400, t.unknownPackage);
    expectError(await start(p, { trojanCount: 10, priceCents: 1 }), 400, 'Unknown field: priceCents');
    expectError(await start(p, { trojanCount: '10' }), 400);
    expectError(
      await p.request('POST', '/api/create-payment-intent', { trojanCount: 10 }),
      400,
      texts.idempotencyKeyMissing,
    );
    expect(fake.intents.size).toBe(before);
    expect((await shop(p)).purchases).toEqual([]);

    const ok = await start(p, { amount: 19.9, trojanCount: 10 });
    expect(ok.statusCode, ok.body).toBe(200);
    const intent = fake.intents.get(ok.json().paymentIntentId)!;
    expect([intent.amount, intent.currency, intent.metadata]).toEqual([
      1990,
      'usd',
      { purchaseId: String(ok.json().purchaseId), userId: String(p.id), trojanCount: '10', package: 'bundle' },
    ]);
    expect(ok.json().clientSecret).toBe(intent.client_secret);
  });

  it('the same click twice makes one intent and one purchase', async () => {
    const p = await asPlayer(app);
    const key = randomUUID();
    const [a, b] = [await start(p, { trojanCount: 1 }, key), await start(p, { trojanCount: 1 }, key)];
    expect(b.json()).toEqual(a.json());
    expect((await shop(p)).purchases).toHaveLength(1);
    expectError(await start(p, { trojanCount: 10 }, key), 422, texts.idempotencyKeyReused);
  });

  it('completion awards 10 cores once; a second completion and a replayed webhook award nothing more', async () => {
    const p = await asPlayer(app);
    const pi = await paid(p);
    const first = await complete(p, pi);
    expect(first.json()).toEqual({ success: true, coresAwarded: 10, status: 'fulfilled' });
    expect(await cores(p)).toHaveLength(10);
    expect((await complete(p, pi)).json()).toEqual({ success: true, coresAwarded: 10, status: 'fulfilled' });
    const hook = fake.webhook('payment_intent.succeeded', fake.intents.get(pi)!);
    expect((await deliver(hook)).statusCode).toBe(200);
    expect((await deliver(hook)).statusCode).toBe(200);
    expect(await cores(p)).toHaveLength(10);
    const [row] = (await shop(p)).purchases;
    expect(row).toMatchObject({
      trojanCount: 10,
      amountCents: 1990,
      currency: 'usd',
      status: 'fulfilled',
      coresAwarded: 10,
    });
    expect(row.cores).toHaveLength(10);
  });

  it('the webhook alone fulfils when the browser never comes back', async () => {
    const p = await asPlayer(app);
    const pi = await paid(p, 1);
    expect((await deliver(fake.webhook('payment_intent.succeeded', fake.intents.get(pi)!))).json()).toEqual({
      received: true,
    });
    expect(await cores(p)).toHaveLength(1);
    expect((await complete(p, pi)).json()).toEqual({ success: true, coresAwarded: 1, status: 'fulfilled' });
    expect(await cores(p)).toHaveLength(1);
  });

  it('an unpaid intent, a failed one, another player’s and an unknown one award nothing', async () => {
    const p = await asPlayer(app);
    const thief = await asPlayer(app);
    const res = await start(p, { trojanCount: 1 });
    const pi = res.json().paymentIntentId;
    expectError(await complete(p, pi), 409, t.paymentNotCompleted);
    fake.fail(pi);
    expectError(await complete(p, pi), 409, t.paymentNotCompleted);
    fake.succeed(pi);
    expectError(await complete(thief, pi), 404, t.paymentNotFound);
    expectError(await complete(p, 'pi_doesnotexist'), 404, t.paymentNotFound);
    expectError(await complete(p, 'ch_notanintent'), 400);
    expect(await cores(thief)).toEqual([]);
    expect(await cores(p)).toEqual([]);
  });

  it('an intent whose amount differs from the purchase is refused (no price from anywhere but the server)', async () => {
    const p = await asPlayer(app);
    const pi = await paid(p, 10);
    fake.intents.get(pi)!.amount = 239;
    expectError(await complete(p, pi), 409, t.paymentMismatch);
    fake.intents.get(pi)!.amount = 1990;
    fake.intents.get(pi)!.currency = 'eur';
    expectError(await complete(p, pi), 409, t.paymentMismatch);
    expect(await cores(p)).toEqual([]);
  });

  it('a forged, missing or wrong-secret webhook signature is refused and awards nothing', async () => {
    const p = await asPlayer(app);
    const pi = await paid(p, 1);
    const good = fake.webhook('payment_intent.succeeded', fake.intents.get(pi)!);
    const forged = fake.webhook('payment_intent.succeeded', fake.intents.get(pi)!, 'whsec_attacker');
    expectError(await deliver(forged), 400, t.webhookBadSignature);
    expectError(
      await deliver({ payload: good.payload, headers: { 'content-type': 'application/json' } }),
      400,
      t.webhookBadSignature,
    );
    const tampered = { payload: good.payload.replace('"livemode":false', '"livemode":true'), headers: good.headers };
    expectError(await deliver(tampered), 400, t.webhookBadSignature);
    expect((await app.fastify.inject({ method: 'GET', url: '/api/payments/webhook' })).statusCode).toBe(404);
    expect(await cores(p)).toEqual([]);
  });

  it('a refund takes back that purchase’s cores, listed ones included, and the Telnet of the opened one; a core earned by play stays (ADR 046)', async () => {
    const p = await asPlayer(app);
    const earned = await coreOf(app, p);
    const pi = await paid(p, 10);
    await complete(p, pi);
    const bought = (await cores(p)).filter((c) => c.id !== earned).map((c) => c.id);
    expect(bought).toHaveLength(10);
    const [opened, listed, ...unopened] = bought as [number, number, ...number[]];
    const reward = (await act(p, `/api/telnet-cores/${opened}/use`)).json().telnetRewarded as number;
    const listing = await act(p, '/api/marketplace/create', { itemType: 'telnet-core', itemId: listed, price: 5 });
    expect(listing.statusCode, listing.body).toBe(200);
    const row = async (id: number) =>
      (
        await app.db.database.query<{ user_id: number; is_used: boolean; escrow_id: number | null }>(
          'SELECT user_id, is_used, escrow_id FROM telnet_cores WHERE id = $1',
          [id],
        )
      )[0];
    const telnet = async () =>
      Number(
        (await app.db.database.query<{ telnet: number }>('SELECT telnet FROM users WHERE id = $1', [p.id]))[0]!.telnet,
      );
    const telnetBefore = await telnet();

    const charge = {
      id: `ch_${pi.slice(3)}`,
      object: 'charge',
      payment_intent: pi,
      amount: 1990,
      amount_refunded: 1990,
      refunded: true,
    };
    const hook = fake.webhook('charge.refunded', charge);
    expect((await deliver(hook)).statusCode).toBe(200);
    expect((await deliver(hook)).statusCode).toBe(200);
    expect((await cores(p)).map((c) => c.id)).toEqual([earned]); // a core earned by play is never touched
    expect(await row(earned)).toMatchObject({ user_id: p.id, is_used: false, escrow_id: null });
    for (const id of [listed, ...unopened]) expect(await row(id)).toBeUndefined();
    expect(await telnet()).toBe(telnetBefore - reward); // the opened core's Telnet goes back
    expect((await p.request('GET', '/api/marketplace/my-listings')).json()).toEqual([]);
    expect((await shop(p)).purchases[0]).toMatchObject({ status: 'refunded', coresRevoked: 9 });
    // A success delivered late does not award the refunded purchase again.
    await deliver(fake.webhook('payment_intent.succeeded', fake.intents.get(pi)!));
    expect((await complete(p, pi)).json()).toMatchObject({ status: 'refunded' });
    expect((await cores(p)).map((c) => c.id)).toEqual([earned]);
  });

  it('a dispute is recorded and takes back the unopened cores too', async () => {
    const p = await asPlayer(app);
    const pi = await paid(p, 1);
    await complete(p, pi);
    await deliver(
      fake.webhook('charge.dispute.created', { id: 'dp_1', object: 'dispute', payment_intent: pi, amount: 239 }),
    );
    expect(await cores(p)).toEqual([]);
    expect((await shop(p)).purchases[0]).toMatchObject({ status: 'disputed', coresRevoked: 1 });
  });

  it('a banned player can neither start, complete nor see a purchase, and no intent is made', async () => {
    const p = await asPlayer(app);
    const pi = await paid(p, 1);
    await app.services.auth.ban(p.id);
    const before = fake.intents.size;
    expect((await start(p, { trojanCount: 1 })).statusCode).toBe(401);
    expect((await complete(p, pi)).statusCode).toBe(401);
    expect((await p.request('GET', '/api/virus/shop')).statusCode).toBe(401);
    expect(fake.intents.size).toBe(before);
    expect(await app.db.database.query('SELECT id FROM telnet_cores WHERE user_id = $1', [p.id])).toEqual([]);
  });

  it('the cooldown and the daily limit refuse the next purchase with a clear text', async () => {
    const p = await asPlayer(app);
    await paid(p, 10);
    expectError(await start(p, { trojanCount: 1 }), 429, t.cooldown(balance.virusCooldownSeconds));
    // The shop says so before any click, so the buy buttons can count it down.
    expect((await shop(p)).cooldownLeftSeconds).toBe(balance.virusCooldownSeconds);
    app.clock.advance(balance.virusCooldownSeconds * 1000);
    expect((await shop(p)).cooldownLeftSeconds).toBe(0);
    await paid(p, 10);
    app.clock.advance(balance.virusCooldownSeconds * 1000);
    const left = balance.virusDailyLimitCents - 2 * 1990;
    expectError(await start(p, { trojanCount: 10 }), 409, t.dailyLimit(formatUsd(left)));
    expect((await shop(p)).spentTodayCents).toBe(3980);
    // A declined payment stops counting once the provider says so.
    const declined = (await shop(p)).purchases[0];
    const pi = [...fake.intents.values()].find((i) => i.metadata.purchaseId === String(declined.id))!;
    await deliver(fake.webhook('payment_intent.payment_failed', fake.fail(pi.id)));
    expect((await shop(p)).spentTodayCents).toBe(1990);
    expect((await start(p, { trojanCount: 10 })).statusCode).toBe(200);
    app.clock.advance(24 * 3600 * 1000);
  });

  it('a paid purchase that no longer fits is owed, then delivered once there is room', async () => {
    const p = await asPlayer(app);
    const pi = await paid(p, 10);
    const filler: number[] = [];
    for (let i = 0; i < balance.inventoryCapacity - 5; i++) filler.push(await coreOf(app, p));
    expect((await complete(p, pi)).json()).toEqual({ success: true, coresAwarded: 0, status: 'owed' });
    expect((await shop(p)).purchases[0]).toMatchObject({ status: 'owed', coresAwarded: 0 });
    for (const id of filler.slice(0, 5))
      expect((await act(p, '/api/telnet-cores/destroy', { telnetCoreId: id })).statusCode).toBe(200);
    expect((await complete(p, pi)).json()).toEqual({ success: true, coresAwarded: 10, status: 'fulfilled' });
    expect(await cores(p)).toHaveLength(balance.inventoryCapacity);
  });

  it('refuses a purchase without room in the inventory', async () => {
    const p = await asPlayer(app);
    for (let i = 0; i < balance.inventoryCapacity - 5; i++) await coreOf(app, p);
    expectError(await start(p, { trojanCount: 10 }), 409, t.inventoryNoRoom(10));
    expect((await start(p, { trojanCount: 1 })).statusCode).toBe(200);
  });
});

describe.each(drivers)('virus shop without payment keys [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver);
  });
  afterAll(() => app.close());

  it('says payments are off and sells nothing', async () => {
    const p = await asPlayer(app);
    expect((await p.request('GET', '/api/virus/shop')).json()).toMatchObject({ mode: 'off', publishableKey: null });
    expectError(await act(p, '/api/create-payment-intent', { trojanCount: 1 }), 503, t.paymentsOff);
    expectError(
      await p.request('POST', '/api/complete-trojan-purchase', { paymentIntentId: 'pi_x' }),
      503,
      t.paymentsOff,
    );
    expect(
      (
        await app.fastify.inject({
          method: 'POST',
          url: '/api/payments/webhook',
          payload: '{}',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(503);
  });
});
