import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { gridPaths } from '../src/core/api/kernel';
import { idempotencyKeyHeader } from '../src/core/api/idempotency';
import { infra } from '../src/core/infra';
import { encodeSecureData } from '../src/core/secure-data';
import { resendDelayMs } from '../src/client/lib/resend-delay';
import { send, type Target } from './http-client';
import { nextBatchTimestamp, type BenchPlayer } from './players';
import { Recorder } from './stats';

// One simulated player at a human pace, modelled on the real client (ADR 072): a batch of 3 taps
// (the spec's tap queue) about every 2 s, a chat line now and then, a Kernel purchase now and then
// with one Idempotency-Key per purchase; a shed answer (503 + Retry-After) is resent after the
// client's own resendDelayMs, as src/client/lib/api.ts does, so the soak counts what a player lives.

export interface SoakTally {
  /** Latencies and statuses per route, every attempt counted (a shed one too). */
  routes: Map<string, Recorder>;
  /** Requests acknowledged (2xx). */
  acknowledged: number;
  /** Kernel bits whose purchase was answered 200: each must be charged exactly once. */
  boughtBits: string[];
  /** Of those, the purchases shed at least once before their answer. */
  boughtAfterShed: string[];
  /** Requests still shed after the client's last resend: the player would have seen an error. */
  givenUp: number;
}

export function newTally(): SoakTally {
  return { routes: new Map(), acknowledged: 0, boughtBits: [], boughtAfterShed: [], givenUp: 0 };
}

export interface SoakContext {
  target: Target;
  tally: SoakTally;
  timeoutMs: number;
  /** Stops the loop when performance.now() passes it. */
  endsAt: number;
  /** The next Kernel bit nobody has asked for, so purchases never collide. */
  nextBit: () => { x: number; y: number };
}

type Shot = { route: string; path: string; body: string; headers?: Record<string, string> };

/** Sends one request as the player, resending a 503 as the client does; true when acknowledged, and whether it was ever shed. */
async function play(
  context: SoakContext,
  player: BenchPlayer,
  address: string,
  shot: Shot,
): Promise<{ ok: boolean; shed: boolean }> {
  const recorder =
    context.tally.routes.get(shot.route) ?? context.tally.routes.set(shot.route, new Recorder()).get(shot.route)!;
  const headers = {
    cookie: player.cookie,
    'x-csrf-token': player.csrfToken,
    'x-forwarded-for': address,
    ...shot.headers,
  };
  let shed = false;
  for (let resends = 0; ; resends++) {
    const started = performance.now();
    try {
      const reply = await send(context.target, 'POST', shot.path, {
        headers,
        body: shot.body,
        timeoutMs: context.timeoutMs,
      });
      recorder.record(reply.status, performance.now() - started);
      if (reply.status >= 200 && reply.status < 300) {
        context.tally.acknowledged += 1;
        return { ok: true, shed };
      }
      if (reply.status !== 503) return { ok: false, shed };
      shed = true;
      if (resends >= infra.shedRetryAttempts) {
        context.tally.givenUp += 1;
        return { ok: false, shed };
      }
      const retryAfter = reply.headers['retry-after'];
      await sleep(resendDelayMs(typeof retryAfter === 'string' ? retryAfter : null, Math.random));
    } catch {
      recorder.networkErrors += 1;
      return { ok: false, shed };
    }
  }
}

const tapShot = (player: BenchPlayer): Shot => ({
  route: 'POST /api/game/tap-batch',
  path: '/api/game/tap-batch',
  body: JSON.stringify({
    secureData: encodeSecureData({ tapCount: 3, batchTimestamp: nextBatchTimestamp(player) }, 'client'),
  }),
});

/** The player's session: set a Kernel colour, then tap, chat and buy until the soak ends. */
export async function playUntilEnd(
  context: SoakContext,
  player: BenchPlayer,
  address: string,
  index: number,
): Promise<void> {
  // Spread the first taps over one period, as tabs opened at different moments would be.
  await sleep(Math.random() * 2000);
  const colour = JSON.stringify({ colorR: index % 256, colorG: (index >> 8) % 256, colorB: 128 });
  await play(context, player, address, { route: 'POST /api/grid/set-color', path: gridPaths.setColor, body: colour });
  while (performance.now() < context.endsAt) {
    await play(context, player, address, tapShot(player));
    const roll = Math.random();
    // About one chat line a minute and one Kernel purchase every two minutes per player (30 and 60 turns of 2 s).
    if (roll < 1 / 30) {
      await play(context, player, address, {
        route: 'POST /api/chat/messages',
        path: '/api/chat/messages',
        body: JSON.stringify({ message: `soak ${index} ${Math.floor(roll * 1e6)}` }),
      });
    } else if (roll < 1 / 30 + 1 / 60) {
      const bit = context.nextBit();
      const key = { [idempotencyKeyHeader]: randomUUID() };
      const bought = await play(context, player, address, {
        route: 'POST /api/grid/purchase',
        path: gridPaths.purchase,
        body: JSON.stringify(bit),
        headers: key,
      });
      if (bought.ok) context.tally.boughtBits.push(`bit:${bit.x},${bit.y}`);
      if (bought.ok && bought.shed) context.tally.boughtAfterShed.push(`bit:${bit.x},${bit.y}`);
    }
    // ~2 s between batches (1.6–2.4 s), which is the tap bucket's refill of 1.5 decodes/s for 3 taps.
    await sleep(1600 + Math.random() * 800);
  }
}
