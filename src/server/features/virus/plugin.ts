import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { User } from '../../../core/api/common';
import { balance } from '../../../core/balance';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { Limits } from '../../http/limits';
import type { Bus } from '../../realtime/bus';
import { createStripeProvider, type PaymentProvider } from './provider';
import { createTestProvider } from './test-provider';
import type { ListingsOfItems } from './reverse';
import { virusRoutes } from './routes';
import { createVirusService, type VirusService } from './service';

/** Stripe.js and its frames (docs.stripe.com/security/guide#content-security-policy), allowed on /virus only. */
const stripeOrigins = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** Widens the app's CSP for the one document that loads Stripe.js; every other page keeps 'self' only. */
export function widenCspForStripe(policy: string): string {
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const add = (name: string, origins: string[]) => {
    const i = directives.findIndex((d) => d.startsWith(`${name} `) || d === name);
    if (i === -1) directives.push(`${name} 'self' ${origins.join(' ')}`);
    else directives[i] = `${directives[i]} ${origins.join(' ')}`;
  };
  add('script-src', stripeOrigins.script);
  add('frame-src', stripeOrigins.frame);
  add('connect-src', stripeOrigins.connect);
  return directives.join(';');
}

function providerFor(config: Config, database: Database): PaymentProvider | null {
  const payments = config.payments ?? { mode: 'off' };
  if (payments.mode === 'test') return createTestProvider(database);
  if (payments.mode === 'stripe') return createStripeProvider(payments);
  return null;
}

export type VirusDeps = {
  config: Config;
  database: Database;
  bus: Bus;
  now: () => number;
  random: () => number;
  listings: ListingsOfItems;
  userView(userId: number): Promise<User>;
  log: FastifyBaseLogger;
};

/** The Virus feature's provider (from config) and service; made before the jobs runner, which runs its abandoned-purchase job. */
export function createVirus(deps: VirusDeps): VirusService {
  const provider = providerFor(deps.config, deps.database);
  return createVirusService({
    ...deps,
    provider,
    dailyLimitCents: deps.config.virusDailyLimitCents ?? balance.virusDailyLimitCents,
  });
}

/** The Virus feature's routes and the /virus page's CSP. */
export function registerVirus(app: FastifyInstance, virus: VirusService, limits: Limits): void {
  virusRoutes(app, virus, limits);
  if (virus.mode === 'stripe') {
    app.addHook('onSend', async (request, reply, payload) => {
      const policy = reply.getHeader('content-security-policy');
      if (request.method === 'GET' && request.url.split('?')[0] === '/virus' && typeof policy === 'string')
        reply.header('content-security-policy', widenCspForStripe(policy));
      return payload;
    });
  }
}
