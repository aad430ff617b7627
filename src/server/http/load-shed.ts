import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Counter, Gauge } from 'prom-client';
import { texts } from '../../core/texts';
import { createLatencyLimit, type LatencyLimit } from './latency-limit';

/** SHED_* settings (ADR 072); 0 turns a bound off. */
export interface ShedBounds {
  /** API requests this process answers at once; the next one is shed. With a latency target, the ceiling of a moving bound. */
  maxInFlight: number;
  /** The p95 of answers (ms) the in-flight bound moves to keep (latency-limit.ts); 0 keeps the bound fixed. */
  targetLatencyMs: number;
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
  /** How many requests it takes at once now (0: no bound). */
  inFlightLimit(): number;
  /** Ends the moving bound's window and sets the next bound (a timer does it every second; tests call it). */
  closeLatencyWindow(): void;
  /** The event loop's delay the shedder reads (p99 over its last window, ms). */
  loopDelayMs(): number;
  stop(): void;
}

/** How often the moving in-flight bound learns from the answers of the last window. */
const latencyWindowMs = 1000;
/** The moving bound's floor, as a share of the ceiling: a worker always takes some work. */
const latencyLimitFloorShare = 1 / 16;

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
  options: {
    bounds: ShedBounds;
    loopDelay: LoopDelaySource;
    shedCount: Counter<'reason'>;
    inFlightLimit?: Gauge;
    /** 'manual': no timer closes the latency windows (tests close them with closeLatencyWindow). */
    latencyWindows?: 'timer' | 'manual';
    /** The clock answers are timed by, in ms (tests move it by hand). */
    now?: () => number;
  },
): LoadShedder {
  const { bounds, loopDelay, shedCount } = options;
  const now = options.now ?? (() => performance.now());
  const moving: LatencyLimit | null =
    bounds.maxInFlight > 0 && bounds.targetLatencyMs > 0
      ? createLatencyLimit({
          ceiling: bounds.maxInFlight,
          targetMs: bounds.targetLatencyMs,
          floor: Math.max(1, Math.ceil(bounds.maxInFlight * latencyLimitFloorShare)),
        })
      : null;
  const limit = () => moving?.limit() ?? bounds.maxInFlight;
  const closeLatencyWindow = () => {
    moving?.closeWindow();
    options.inFlightLimit?.set(limit());
  };
  options.inFlightLimit?.set(limit());
  const windows =
    moving && options.latencyWindows !== 'manual' ? setInterval(closeLatencyWindow, latencyWindowMs) : null;
  windows?.unref();
  let inFlight = 0;
  const saturation = (): ShedReason | null => {
    if (bounds.maxInFlight > 0 && inFlight >= limit()) return 'requests in flight';
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
    moving?.taken(inFlight);
    const started = now();
    // 'close' comes once whether the answer was sent or the caller went away.
    reply.raw.once('close', () => {
      inFlight -= 1;
      moving?.answered(now() - started);
    });
  });
  return {
    saturation,
    inFlight: () => inFlight,
    loopDelayMs: () => loopDelay.delayMs(),
    inFlightLimit: limit,
    closeLatencyWindow,
    stop: () => {
      if (windows) clearInterval(windows);
      loopDelay.stop();
    },
  };
}
