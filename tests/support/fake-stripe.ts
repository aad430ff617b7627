import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './app';
import type { DriverKind } from './db';

/**
 * A local fake of the few Stripe endpoints the Virus shop calls (POST /v1/payment_intents,
 * GET /v1/payment_intents/:id, POST /v1/payment_intents/:id/cancel, POST /v1/refunds), so
 * integration tests drive the real `stripe` SDK without the internet. It honours Idempotency-Key
 * like Stripe, checks the secret key on every request, and refuses what Stripe refuses: a
 * cancelled intent cannot be paid, a paid one cannot be cancelled, a charge is refunded once.
 */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  livemode: false;
  latest_charge: string | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: string | null;
  metadata: Record<string, string>;
  status: 'succeeded';
}

/** Stripe's statuses from which an intent may be cancelled (docs.stripe.com/api/payment_intents/cancel). */
const cancellable = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];

export const fakeKeys = {
  secretKey: 'sk_test_fake_0123456789',
  publishableKey: 'pk_test_fake_0123456789',
  webhookSecret: 'whsec_fake_0123456789',
} as const;

export interface FakeStripe {
  api: { host: string; port: number; protocol: 'http' };
  intents: Map<string, FakeIntent>;
  /** Every create request that reached the fake (replays by Idempotency-Key included). */
  createRequests: number;
  /** When set, creating an intent answers this Stripe error (a declined account, an outage) until cleared. */
  createError: { status: number; type: string; message: string } | null;
  /** Refunds made, by id. */
  refunds: Map<string, FakeRefund>;
  /** The card is charged: the intent succeeds (what Stripe.js's confirmPayment leads to). Throws for a cancelled intent, as Stripe refuses to confirm one. */
  succeed(id: string): FakeIntent;
  fail(id: string): FakeIntent;
  /** A signed webhook delivery for an event on this object, as Stripe would POST it. */
  webhook(type: string, object: object, secret?: string): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
}

function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(body)) {
    const nested = /^(\w+)\[(\w+)\]$/.exec(k);
    if (nested) ((out[nested[1]!] ??= {}) as Record<string, string>)[nested[2]!] = v;
    else out[k] = v;
  }
  return out;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
  res.end(JSON.stringify(body));
}

const stripeError = (message: string, type = 'invalid_request_error', code?: string) => ({
  error: { type, message, ...(code ? { code } : {}) },
});

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, string>();
  const signer = new Stripe(fakeKeys.secretKey);
  let counter = 0;
  const refunds = new Map<string, FakeRefund>();
  const refundByKey = new Map<string, string>();
  const fake: FakeStripe = {
    api: { host: '127.0.0.1', port: 0, protocol: 'http' },
    intents,
    refunds,
    createRequests: 0,
    createError: null,
    succeed(id) {
      const pi = intents.get(id)!;
      if (pi.status === 'canceled')
        throw new Error(`You cannot confirm this PaymentIntent because it has a status of canceled.`);
      pi.status = 'succeeded';
      pi.latest_charge = `ch_${id.slice(3)}`;
      return pi;
    },
    fail(id) {
      const pi = intents.get(id)!;
      pi.status = 'requires_payment_method';
      return pi;
    },
    webhook(type, object, secret = fakeKeys.webhookSecret) {
      counter += 1;
      const payload = JSON.stringify({
        id: `evt_fake${counter}`,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        type,
        data: { object },
      });
      return {
        payload,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.headers.authorization !== `Bearer ${fakeKeys.secretKey}`)
      return send(res, 401, stripeError('Invalid API Key provided', 'invalid_request_error'));
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      fake.createRequests += 1;
      if (fake.createError)
        return send(res, fake.createError.status, stripeError(fake.createError.message, fake.createError.type));
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string' && byKey.has(key)) return send(res, 200, intents.get(byKey.get(key)!));
      const form = parseForm(body);
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 50)
        return send(
          res,
          400,
          stripeError('Amount must be at least $0.50 usd', 'invalid_request_error', 'amount_too_small'),
        );
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const pi: FakeIntent = {
        id,
        object: 'payment_intent',
        amount,
        currency: String(form.currency),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        metadata: (form.metadata as Record<string, string>) ?? {},
        description: (form.description as string) ?? null,
        livemode: false,
        latest_charge: null,
        canceled_at: null,
        cancellation_reason: null,
      };
      intents.set(id, pi);
      if (typeof key === 'string') byKey.set(key, id);
      return send(res, 200, pi);
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (req.method === 'POST' && cancel) {
      const pi = intents.get(decodeURIComponent(cancel[1]!));
      if (!pi)
        return send(
          res,
          404,
          stripeError(`No such payment_intent: '${cancel[1]}'`, 'invalid_request_error', 'resource_missing'),
        );
      if (!cancellable.includes(pi.status)) {
        const message =
          `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a ` +
          `PaymentIntent with one of the following statuses may be canceled: ${cancellable.join(', ')}.`;
        return send(res, 400, stripeError(message, 'invalid_request_error', 'payment_intent_unexpected_state'));
      }
      pi.status = 'canceled';
      pi.canceled_at = Math.floor(Date.now() / 1000);
      pi.cancellation_reason = (parseForm(body).cancellation_reason as string | undefined) ?? null;
      return send(res, 200, pi);
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string' && refundByKey.has(key)) return send(res, 200, refunds.get(refundByKey.get(key)!));
      const form = parseForm(body);
      const pi = intents.get(String(form.payment_intent));
      if (!pi)
        return send(
          res,
          404,
          stripeError(
            `No such payment_intent: '${String(form.payment_intent)}'`,
            'invalid_request_error',
            'resource_missing',
          ),
        );
      if (pi.status !== 'succeeded' || !pi.latest_charge)
        return send(
          res,
          400,
          stripeError(
            `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
            'invalid_request_error',
            'charge_not_refundable',
          ),
        );
      if ([...refunds.values()].some((r) => r.payment_intent === pi.id))
        return send(
          res,
          400,
          stripeError(
            `Charge ${pi.latest_charge} has already been refunded.`,
            'invalid_request_error',
            'charge_already_refunded',
          ),
        );
      const refund: FakeRefund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount: pi.amount,
        charge: pi.latest_charge,
        currency: pi.currency,
        payment_intent: pi.id,
        reason: (form.reason as string | undefined) ?? null,
        metadata: (form.metadata as Record<string, string>) ?? {},
        status: 'succeeded',
      };
      refunds.set(refund.id, refund);
      if (typeof key === 'string') refundByKey.set(key, refund.id);
      return send(res, 200, refund);
    }
    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const pi = intents.get(decodeURIComponent(match[1]!));
      return pi
        ? send(res, 200, pi)
        : send(
            res,
            404,
            stripeError(`No such payment_intent: '${match[1]}'`, 'invalid_request_error', 'resource_missing'),
          );
    }
    return send(res, 404, stripeError(`Unrecognized request URL (${req.method}: ${url.pathname})`));
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.api.port = (server.address() as AddressInfo).port;
  return fake;
}

/** The app's payments config pointing the real SDK at the fake. */
export function stripeConfigFor(fake: FakeStripe) {
  return { mode: 'stripe' as const, ...fakeKeys, api: fake.api };
}

/**
 * A describe block's app in Stripe mode against its own fake, built before its tests and closed after;
 * `deliver` posts a signed webhook as Stripe would.
 */
export function useAppWithFakeStripe(driver: DriverKind) {
  const ctx = {
    app: undefined as unknown as TestApp,
    fake: undefined as unknown as FakeStripe,
    deliver: (hook: { payload: string; headers: Record<string, string> }) =>
      ctx.app.fastify.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload: hook.payload,
        headers: hook.headers,
      }),
  };
  beforeAll(async () => {
    ctx.fake = await startFakeStripe();
    ctx.app = await buildTestApp(driver, { config: { payments: stripeConfigFor(ctx.fake) } });
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.fake?.close();
  });
  return ctx;
}
