import type http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { send, type Target } from './http-client';
import { Recorder, type LoadSummary } from './stats';

/** One request to send, and what to do with its answer (release the player, check the body). */
export interface Shot {
  path: string;
  headers: http.OutgoingHttpHeaders;
  body: string;
  wantBody: boolean;
  /** Called once with the status and (when wanted) body; status 0 for a network error. */
  settle(status: number, body: string | undefined): boolean;
}

/** Builds the next request, or null when no player may send right now. */
export type ShotSource = () => Shot | null;

async function fire(target: Target, shot: Shot, timeoutMs: number): Promise<{ status: number; bodyOk: boolean }> {
  try {
    const reply = await send(target, 'POST', shot.path, {
      headers: shot.headers,
      body: shot.body,
      wantBody: shot.wantBody,
      timeoutMs,
    });
    return { status: reply.status, bodyOk: shot.settle(reply.status, reply.body) };
  } catch {
    shot.settle(0, undefined);
    return { status: 0, bodyOk: true };
  }
}

function note(recorder: Recorder, outcome: { status: number; bodyOk: boolean }, latencyMs: number): void {
  if (outcome.status === 0) recorder.networkErrors += 1;
  else recorder.record(outcome.status, latencyMs);
  if (!outcome.bodyOk) recorder.badBodies += 1;
}

/**
 * Closed loop: `concurrency` connections each send, wait for the answer, and send again. The
 * completion rate is the server's capacity at that concurrency (the "peak").
 */
export async function runClosedLoop(
  target: Target,
  options: {
    durationMs: number;
    concurrency: number;
    timeoutMs: number;
    next: ShotSource;
    /** A source that returns null has nothing more to send: the phase ends early (one request per item). */
    endWhenEmpty?: boolean;
  },
): Promise<LoadSummary> {
  const recorder = new Recorder();
  const startedAt = performance.now();
  const endsAt = startedAt + options.durationMs;
  async function connection(): Promise<void> {
    while (performance.now() < endsAt) {
      const shot = options.next();
      if (!shot) {
        if (options.endWhenEmpty) return;
        recorder.starved += 1;
        await sleep(2);
        continue;
      }
      const sentAt = performance.now();
      note(recorder, await fire(target, shot, options.timeoutMs), performance.now() - sentAt);
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, connection));
  return recorder.summarize(performance.now() - startedAt);
}

/**
 * Open loop: arrivals on a fixed schedule whatever the server does, as 1,000 independent players
 * would behave. Latency counts from the scheduled time, not the send time, so a stalled server or
 * a late timer shows up in p99 instead of silently thinning the load (no coordinated omission).
 */
export async function runOpenLoop(
  target: Target,
  options: { durationMs: number; ratePerS: number; maxInFlight: number; timeoutMs: number; next: ShotSource },
): Promise<LoadSummary & { offeredPerS: number; maxSendLagMs: number }> {
  const recorder = new Recorder();
  const intervalMs = 1000 / options.ratePerS;
  const startedAt = performance.now();
  const endsAt = startedAt + options.durationMs;
  const inFlight = new Set<Promise<void>>();
  let arrivals = 0;
  let maxSendLagMs = 0;

  function arrive(dueAt: number): void {
    if (inFlight.size >= options.maxInFlight) {
      recorder.dropped += 1;
      return;
    }
    const shot = options.next();
    if (!shot) {
      recorder.starved += 1;
      return;
    }
    maxSendLagMs = Math.max(maxSendLagMs, performance.now() - dueAt);
    const request = fire(target, shot, options.timeoutMs).then((outcome) => {
      note(recorder, outcome, performance.now() - dueAt);
      inFlight.delete(request);
    });
    inFlight.add(request);
  }

  await new Promise<void>((resolve) => {
    const tick = (): void => {
      const now = performance.now();
      for (
        let dueAt = startedAt + arrivals * intervalMs;
        dueAt <= now && dueAt < endsAt;
        dueAt = startedAt + arrivals * intervalMs
      ) {
        arrivals += 1;
        arrive(dueAt);
      }
      const nextDue = startedAt + arrivals * intervalMs;
      if (nextDue >= endsAt) resolve();
      else setTimeout(tick, Math.max(0, nextDue - performance.now()));
    };
    tick();
  });
  while (inFlight.size > 0) await Promise.all([...inFlight]);
  const summary = recorder.summarize(performance.now() - startedAt);
  return { ...summary, offeredPerS: arrivals / (options.durationMs / 1000), maxSendLagMs };
}
