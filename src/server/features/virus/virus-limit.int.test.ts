import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../../core/balance';
import { texts } from '../../../core/texts';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { useAppWithFakeStripe } from '../../../../tests/support/fake-stripe';
import { act } from '../../../../tests/support/items';

const t = texts.virus;
const bundle = { trojanCount: 10 };
const pays = '4242424242424242';
const declines = '4000000000000002';

/** Purchases (rows) and cores (held, unopened) a player has, as the routes show them. */
async function holdings(p: Player) {
  const shop = (await p.request('GET', '/api/virus/shop')).json() as {
    spentTodayCents: number;
    purchases: { id: number; status: string; coresAwarded: number }[];
  };
  const cores = (await p.request('GET', '/api/telnet-cores')).json() as unknown[];
  return { ...shop, cores: cores.length };
}

// A declined or abandoned purchase stops counting and can never be paid later; a payment past the
// day's limit is refunded, not awarded (ADR 046).
describe.each(drivers)('the daily limit in Stripe mode [%s]', (driver) => {
  const ctx = useAppWithFakeStripe(driver);
  const start = async (p: Player) => {
    ctx.app.clock.advance(balance.virusCooldownSeconds * 1000);
    const res = await act(p, '/api/create-payment-intent', bundle);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().paymentIntentId as string;
  };
  const complete = (p: Player, paymentIntentId: string) =>
    p.request('POST', '/api/complete-trojan-purchase', { paymentIntentId });

  it('a declined card cancels the intent at Stripe: the old intent can never be paid and awarded past the limit', async () => {
    const p = await asPlayer(ctx.app);
    const declined = [await start(p), await start(p)];
    for (const pi of declined)
      expect((await ctx.deliver(ctx.fake.webhook('payment_intent.payment_failed', ctx.fake.fail(pi)))).statusCode).toBe(
        200,
      );
    expect((await holdings(p)).spentTodayCents).toBe(0);
    // The player fills the day's limit with paid purchases…
    for (const pi of [await start(p), await start(p)]) {
      ctx.fake.succeed(pi);
      expect((await complete(p, pi)).json()).toMatchObject({ status: 'fulfilled', coresAwarded: 10 });
    }
    // …then tries to pay the declined ones with a good card: Stripe refuses, nothing more is awarded.
    for (const pi of declined) {
      expect(ctx.fake.intents.get(pi)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
      expect(() => ctx.fake.succeed(pi)).toThrow(/canceled/);
      expectError(await complete(p, pi), 409, t.paymentNotCompleted);
    }
    expect((await holdings(p)).cores).toBe(20);
  });

  it('a purchase left unpaid stops counting after the abandon window, and its intent is cancelled at Stripe', async () => {
    const p = await asPlayer(ctx.app);
    const pi = await start(p);
    expect((await holdings(p)).spentTodayCents).toBe(1990);
    ctx.app.clock.advance(balance.virusAbandonAfterMinutes * 60_000 - 1);
    await ctx.app.jobs.runDue();
    expect((await holdings(p)).spentTodayCents).toBe(1990);
    ctx.app.clock.advance(1);
    await ctx.app.jobs.runDue();
    expect((await holdings(p)).spentTodayCents).toBe(0);
    expect((await holdings(p)).purchases[0]).toMatchObject({ status: 'failed' });
    // Cancelled after the job's commit: waited for, not slept on.
    await expect.poll(() => ctx.fake.intents.get(pi)!.status, { timeout: 10_000 }).toBe('canceled');
    expect(() => ctx.fake.succeed(pi)).toThrow(/canceled/);
    expectError(await complete(p, pi), 409, t.paymentNotCompleted);
  });

  it('a declined purchase paid before it could be cancelled is refunded once the day’s paid total would pass the limit', async () => {
    const p = await asPlayer(ctx.app);
    const late = await start(p);
    // The second card succeeded at Stripe before the first card's failure reached the server.
    ctx.fake.fail(late);
    ctx.fake.succeed(late);
    expect(
      (await ctx.deliver(ctx.fake.webhook('payment_intent.payment_failed', ctx.fake.intents.get(late)!))).statusCode,
    ).toBe(200);
    expect((await holdings(p)).spentTodayCents).toBe(0);
    for (const pi of [await start(p), await start(p)]) {
      ctx.fake.succeed(pi);
      expect((await complete(p, pi)).json()).toMatchObject({ status: 'fulfilled' });
    }
    // 2 × 19.90 paid: another 19.90 would pass the 50.00 limit, so the late payment goes back.
    const answer = await complete(p, late);
    expect(answer.json()).toEqual({ success: true, coresAwarded: 0, status: 'refunded' });
    expect([...ctx.fake.refunds.values()].filter((r) => r.payment_intent === late)).toHaveLength(1);
    // The webhook's retry and a second completion refund nothing more and award nothing.
    expect(
      (await ctx.deliver(ctx.fake.webhook('payment_intent.succeeded', ctx.fake.intents.get(late)!))).statusCode,
    ).toBe(200);
    expect((await complete(p, late)).json()).toMatchObject({ status: 'refunded', coresAwarded: 0 });
    expect([...ctx.fake.refunds.values()].filter((r) => r.payment_intent === late)).toHaveLength(1);
    const mine = await holdings(p);
    expect(mine.cores).toBe(20);
    expect(mine.purchases.find((r) => r.status === 'refunded')).toMatchObject({ coresAwarded: 0 });
    // Stripe's own charge.refunded for it is not a player's chargeback: no moderation flag.
    await ctx.deliver(
      ctx.fake.webhook('charge.refunded', {
        id: `ch_${late.slice(3)}`,
        object: 'charge',
        payment_intent: late,
        refunded: true,
      }),
    );
    expect(await ctx.app.db.database.query('SELECT id FROM moderation_flags WHERE user_id = $1', [p.id])).toEqual([]);
    ctx.app.clock.advance(24 * 3600 * 1000);
  });
});

describe.each(drivers)('the test payment provider [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver, { config: { payments: { mode: 'test' } } });
  });
  afterAll(() => app.close());

  const start = async (p: Player) => {
    app.clock.advance(balance.virusCooldownSeconds * 1000);
    const res = await act(p, '/api/create-payment-intent', bundle, randomUUID());
    expect(res.statusCode, res.body).toBe(200);
    return res.json().paymentIntentId as string;
  };
  const pay = (p: Player, paymentIntentId: string, cardNumber: string) =>
    p.request('POST', '/api/virus/test-pay', { paymentIntentId, cardNumber });
  const complete = (p: Player, paymentIntentId: string) =>
    p.request('POST', '/api/complete-trojan-purchase', { paymentIntentId });

  it('two declined bundles stop counting, and their intents can no longer be paid', async () => {
    const p = await asPlayer(app);
    const declined = [await start(p), await start(p)];
    for (const pi of declined)
      expect((await pay(p, pi, declines)).json()).toEqual({ status: 'failed', message: t.testCardDeclined });
    expect((await holdings(p)).spentTodayCents).toBe(0);
    const next = await start(p);
    expect((await pay(p, next, pays)).json()).toMatchObject({ status: 'succeeded' });
    expect((await complete(p, next)).json()).toMatchObject({ status: 'fulfilled', coresAwarded: 10 });
    for (const pi of declined) {
      expectError(await pay(p, pi, pays), 409, t.paymentCancelled);
      expectError(await complete(p, pi), 409, t.paymentNotCompleted);
    }
    expect(await holdings(p)).toMatchObject({ cores: 10, spentTodayCents: 1990 });
    app.clock.advance(24 * 3600 * 1000);
  });

  it('pays only the caller’s own intent: another player’s answers 404 and nothing is paid or awarded', async () => {
    const owner = await asPlayer(app);
    const thief = await asPlayer(app);
    const pi = await start(owner);
    expectError(await pay(thief, pi, pays), 404, t.paymentNotFound);
    expectError(await pay(thief, pi, declines), 404, t.paymentNotFound);
    expectError(await complete(owner, pi), 409, t.paymentNotCompleted);
    expect((await holdings(thief)).cores).toBe(0);
    // The owner's purchase is untouched by the attempts: still payable, once, by its owner.
    expect((await pay(owner, pi, pays)).json()).toMatchObject({ status: 'succeeded' });
    expect((await complete(owner, pi)).json()).toMatchObject({ status: 'fulfilled', coresAwarded: 10 });
  });
});
