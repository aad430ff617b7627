import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Counter } from 'prom-client';
import { texts } from '../../core/texts';

/** SHED_* settings (ADR 072); 0 turns a bound off. */
export interface ShedBounds {
  /** API requests this process answers at once; the next one is shed. */
  maxInFlight: number;
  /** Event-loop delay (p99 over the last window, ms) past which new requests are shed. */
  maxLoopDelayMs: number;
  /** The Retry-After hint of a shed answer, in seconds. */
  retryAfterSeconds: number;
}

export type ShedReason = 'requests in flight' | 'event-loop delay';

/** How late the event loop runs: the p99 of its delay over the last closed window, in ms. */
export interface LoopDelaySource {
  delayMs(): number;
  stop(): void;
}

/** The process's own event-loop delay, sampled by Node's histogram and read once a window. */
export function measureLoopDelay(windowMs = 1000): LoopDelaySource {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let lastP99Ms = 0;
  const timer = setInterval(() => {
    lastP99Ms = histogram.percentile(99) / 1e6;
    histogram.reset();
  }, windowMs);
  timer.unref();
  return {
    delayMs: () => lastP99Ms,
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

/**
 * Paths that are never shed: everything outside /api (health, readiness, metrics, the socket upgrade that
 * carries deliveries, static files), the liveness route and logout — ending a session must always work.
 */
export function isSheddable(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path.startsWith('/api/') && path !== '/api/auth/logout' && path !== '/api/health';
}

export interface LoadShedder {
  /** Why this process sheds new requests now, or null when it takes them. */
  saturation(): ShedReason | null;
  inFlight(): number;
  stop(): void;
}

const shedReplies = new WeakSet<FastifyReply>();

/** Whether this reply is a shed 503 (the request log leaves those to the shed counter). */
export function isShedReply(reply: FastifyReply): boolean {
  return shedReplies.has(reply);
}

/**
 * Registers the shedding hook; call it before any other onRequest hook so a shed request costs no
 * session look-up, no body parsing and no transaction (ADR 072).
 */
export function registerLoadShed(
  app: FastifyInstance,
  options: { bounds: ShedBounds; loopDelay: LoopDelaySource; shedCount: Counter<'reason'> },
): LoadShedder {
  const { bounds, loopDelay, shedCount } = options;
  let inFlight = 0;
  const saturation = (): ShedReason | null => {
    if (bounds.maxInFlight > 0 && inFlight >= bounds.maxInFlight) return 'requests in flight';
    if (bounds.maxLoopDelayMs > 0 && loopDelay.delayMs() > bounds.maxLoopDelayMs) return 'event-loop delay';
    return null;
  };
  app.addHook('onRequest', async (request, reply) => {
    if (!isSheddable(request.url)) return;
    const reason = saturation();
    if (reason) {
      shedCount.inc({ reason });
      shedReplies.add(reply);
      // The body is never read: Node discards it, and the caller may send the same request again.
      return reply
        .status(503)
        .headers({ 'retry-after': String(bounds.retryAfterSeconds), 'cache-control': 'no-store', 'x-shed': reason })
        .send({ message: texts.serverBusy });
    }
    inFlight += 1;
    // 'close' comes once whether the answer was sent or the caller went away.
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
  });
  return { saturation, inFlight: () => inFlight, stop: () => loopDelay.stop() };
}
