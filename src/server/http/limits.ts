import type { FastifyRequest } from 'fastify';
import { infra } from '../../core/infra';
import { HttpError } from './errors';
import { WindowLimiter } from './rate-limit';
import { requireAuth } from './session';
import { sharedLimiter, type SharedCounters } from './shared-limiter';

/** What a route declares to limit how often one player (or one address) may call it (ADR 045). */
export interface LimitSpec {
  /** Names the counter: unique in the app, it is part of the shared key (`kernel-actions`). */
  name: string;
  /** Attempts allowed per key in each window; the next one in the window is refused. */
  limit: number;
  windowMs: number;
  /** Whose budget a request spends: `byPlayer`, `byAddress`, or a function of the request. */
  keyOf: (request: FastifyRequest) => string;
  /** The 429's player-visible text (from src/core/texts). */
  refusal: string;
  /** More fields for the 429's body, e.g. `{ success: false }` where the feature's answers carry one. */
  body?: Record<string, unknown>;
}

export interface Limit {
  /** Counts this request against its key; throws the 429 once the window's limit is passed. */
  take(request: FastifyRequest): Promise<void>;
}

export interface Limits {
  declare(spec: LimitSpec): Limit;
  /** Stops the in-process fallback counters' sweep timers (the app's close). */
  stop(): void;
}

/** The signed-in player's budget (answers 401 when nobody is signed in). */
export const byPlayer = (request: FastifyRequest): string => String(requireAuth(request).user.id);

/** The client address's budget, as TRUST_PROXY allows it to be read. */
export const byAddress = (request: FastifyRequest): string => request.ip;

/**
 * The one way to declare a per-player or per-address limit: every limit counts on the shared
 * counters (Redis, or the cluster primary), so n workers or instances allow the limit, not n times
 * it. The process's own counter decides only when it is alone (`counters` null) or while the
 * shared ones cannot answer (ADR 035's fail-to-local rule).
 */
export function createLimits(deps: { counters: SharedCounters | null; now: () => number }): Limits {
  const locals: WindowLimiter[] = [];
  const names = new Set<string>();
  return {
    declare(spec) {
      // Two limits on one name would spend one budget: a mistake to catch at start-up, not in play.
      if (names.has(spec.name)) throw new Error(`a limit named ${spec.name} is declared twice`);
      names.add(spec.name);
      const local = new WindowLimiter(spec.limit, spec.windowMs, deps.now, infra.rateLimiterMaxKeys).startSweeping();
      locals.push(local);
      const counter = sharedLimiter(spec.name, local, spec.limit, spec.windowMs, deps.counters);
      return {
        async take(request) {
          if (!(await counter.hit(spec.keyOf(request)))) throw new HttpError(429, spec.refusal, spec.body);
        },
      };
    },
    stop: () => locals.forEach((local) => local.stop()),
  };
}
