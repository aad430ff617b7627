import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { balance } from '../core/balance';
import { infra } from '../core/infra';
import type { ShedBounds } from './http/load-shed';

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z.string().optional(),
  REDIS_CHANNEL: z.string().min(1).optional(),
  TRUST_PROXY: z.string().default('false'),
  ACCOUNTS_PER_IP: z.coerce.number().int().min(0).default(1),
  REGISTRATIONS_PER_IP: z.coerce.number().int().min(1).default(infra.registrationsPerIp),
  SESSION_SECRET: z.string().min(32).optional(),
  LOGIN_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(infra.loginAttemptsPerIp),
  LOGIN_ATTEMPTS_PER_LOGIN_ID: z.coerce.number().int().min(1).default(infra.loginAttemptsPerLoginId),
  SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(infra.socketsPerAddress),
  SOCKET_UPGRADES_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(infra.socketUpgradesPerAddress),
  LOG_SUCCESS_SAMPLE: z.coerce.number().min(0).max(1).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STATIC_DIR: z.string().default('./dist/client'),
  METRICS_TOKEN: z.string().min(16).optional(),
  SHED_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(256),
  SHED_MAX_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  SHED_TARGET_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(300).default(1),
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  NODE_ENV: z.string().optional(),
  PAYMENTS: z.enum(['off', 'stripe', 'test']).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'STRIPE_SECRET_KEY must start with sk_ or rk_')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'STRIPE_PUBLISHABLE_KEY must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'STRIPE_WEBHOOK_SECRET must start with whsec_')
    .optional(),
  VIRUS_DAILY_LIMIT_CENTS: z.coerce.number().int().min(0).default(balance.virusDailyLimitCents),
});

/** How the Virus shop takes payments: not at all (the default), Stripe, or the labelled test provider. */
export type PaymentsConfig =
  | { mode: 'off' }
  | { mode: 'test' }
  | {
      mode: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      api?: { host: string; port: number; protocol: 'http' | 'https' };
    };

export type TrustProxy = boolean | number | string[];

export interface Config {
  port: number;
  host: string;
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };
  redisUrl: string | null;
  /** REDIS_CHANNEL; unset, a channel derived from the database (host, port, name) is used. */
  redisChannel?: string;
  trustProxy: TrustProxy;
  /** How many accounts one client address may register; 0 means no limit. */
  accountsPerIp: number;
  /** Registrations one client address may attempt per hour (checked before hashing). */
  registrationsPerIp: number;
  sessionSecret: string;
  loginAttemptsPerIp: number;
  loginAttemptsPerLoginId: number;
  /** SOCKETS_PER_ADDRESS: open sockets one client address may hold over every worker and instance. */
  socketsPerAddress?: number;
  /** SOCKET_UPGRADES_PER_ADDRESS: socket upgrades one client address may make per minute. */
  socketUpgradesPerAddress?: number;
  /** LOG_SUCCESS_SAMPLE: the share (0–1) of successful requests whose completion line is written; errors always are. */
  logSuccessSample?: number;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  staticDir: string | null;
  /** Where the embedded database, its lock and the generated session secret live. */
  dataDir: string;
  /** METRICS_TOKEN: /metrics wants it as a bearer token; unset, /metrics answers loopback callers only. */
  metricsToken?: string;
  /** SHED_MAX_IN_FLIGHT, SHED_MAX_LOOP_DELAY_MS, SHED_TARGET_LATENCY_MS, SHED_RETRY_AFTER_SECONDS: when a worker sheds new requests (ADR 072). */
  shed?: ShedBounds;
  /** DRAIN_DELAY_MS: after SIGTERM, /readyz says 503 this long before the server stops taking requests. */
  drainDelayMs?: number;
  /** The Virus shop's payments; unset means off (nothing can be bought). */
  payments?: PaymentsConfig;
  /** Per-player Virus spending per UTC day, in cents (VIRUS_DAILY_LIMIT_CENTS). */
  virusDailyLimitCents?: number;
}

/** STRIPE_* and PAYMENTS → the payments config; refuses half a Stripe setup and test payments in production. */
export function parsePayments(
  e: Pick<
    z.infer<typeof Env>,
    'NODE_ENV' | 'PAYMENTS' | 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET'
  >,
): PaymentsConfig {
  const mode = e.PAYMENTS ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'off');
  if (mode === 'test') {
    if (e.NODE_ENV === 'production') throw new Error('PAYMENTS=test is refused when NODE_ENV=production');
    return { mode: 'test' };
  }
  if (mode === 'off') return { mode: 'off' };
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_PUBLISHABLE_KEY || !e.STRIPE_WEBHOOK_SECRET) {
    throw new Error('Stripe payments need STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET');
  }
  return {
    mode: 'stripe',
    secretKey: e.STRIPE_SECRET_KEY,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
  };
}

/** TRUST_PROXY: 'false' (default), 'true', a hop count, or a comma-separated list of proxy addresses/CIDRs. */
export function parseTrustProxy(value: string): TrustProxy {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The session secret: SESSION_SECRET, or one generated once and kept under the data folder. */
function loadSessionSecret(dataDir: string, given: string | undefined): string {
  if (given) return given;
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A setting the environment got wrong: main prints its message alone, no stack. */
export class ConfigError extends Error {}

/** Environment → typed config, with the embedded defaults (PGlite under ./data, port 5000). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  // One line per bad setting, named as the operator wrote it, instead of zod's JSON dump.
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Bad configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
    redisUrl: e.REDIS_URL ?? null,
    ...(e.REDIS_CHANNEL ? { redisChannel: e.REDIS_CHANNEL } : {}),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    accountsPerIp: e.ACCOUNTS_PER_IP,
    registrationsPerIp: e.REGISTRATIONS_PER_IP,
    sessionSecret: loadSessionSecret(dataDir, e.SESSION_SECRET),
    loginAttemptsPerIp: e.LOGIN_ATTEMPTS_PER_IP,
    loginAttemptsPerLoginId: e.LOGIN_ATTEMPTS_PER_LOGIN_ID,
    socketsPerAddress: e.SOCKETS_PER_ADDRESS,
    socketUpgradesPerAddress: e.SOCKET_UPGRADES_PER_ADDRESS,
    logSuccessSample: e.LOG_SUCCESS_SAMPLE,
    logLevel: e.LOG_LEVEL,
    staticDir: resolve(e.STATIC_DIR),
    dataDir,
    ...(e.METRICS_TOKEN ? { metricsToken: e.METRICS_TOKEN } : {}),
    drainDelayMs: e.DRAIN_DELAY_MS,
    shed: {
      maxInFlight: e.SHED_MAX_IN_FLIGHT,
      maxLoopDelayMs: e.SHED_MAX_LOOP_DELAY_MS,
      targetLatencyMs: e.SHED_TARGET_LATENCY_MS,
      retryAfterSeconds: e.SHED_RETRY_AFTER_SECONDS,
    },
    payments: parsePayments(e),
    virusDailyLimitCents: e.VIRUS_DAILY_LIMIT_CENTS,
  };
}
