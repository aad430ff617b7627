import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { filesystemPaths } from '../src/core/api/filesystem';
import { idempotencyKeyHeader } from '../src/core/api/idempotency';
import { gridPaths } from '../src/core/api/kernel';
import { marketPaths } from '../src/core/api/market';
import { infra } from '../src/core/infra';
import { encodeSecureData } from '../src/core/secure-data';
import { resendDelayMs } from '../src/client/lib/resend-delay';
import { send, type Target } from './http-client';
import type { SocketFleet } from './socket-fleet';
import { nextBatchTimestamp, type BenchPlayer } from './players';
import { Recorder } from './stats';

// One simulated player at a human pace, modelled on the real client (ADR 072): a batch of 3 taps
// (the spec's tap queue) about every 2 s, a chat line now and then, a Kernel purchase or a market buy
// now and then with one Idempotency-Key per purchase; one player in fifty is on the Terminal instead
// (ls, mkdir and rm in their own file system, and chat). A shed answer (503 + Retry-After) is resent after
// the client's own resendDelayMs, as src/client/lib/api.ts does, so the soak counts what a player lives.
// A purchase is made on the Kernel screen, so the tab watches the Kernel from then for a visit's length
// (ADR 084: grid_update goes only to such tabs); the visit's snapshot and catch-up reads are not sent.

export interface SoakTally {
  /** Latencies and statuses per route, every attempt counted (a shed one too). */
  routes: Map<string, Recorder>;
  /** The answers' times of acknowledged (2xx) attempts only, per route and over all routes: a shed answer is fast and would hide a slow one. */
  accepted: Map<string, Recorder>;
  allAccepted: Recorder;
  /** Requests acknowledged (2xx). */
  acknowledged: number;
  /** Kernel bits whose purchase was answered 200: each must be charged exactly once. */
  boughtBits: string[];
  /** Of those, the purchases shed at least once before their answer. */
  boughtAfterShed: string[];
  /** Market listings whose purchase was answered 200 (`listing:<id>`), and those shed first. */
  boughtListings: string[];
  boughtListingsAfterShed: string[];
  /** Tap batches still shed after the client's last resend, which the tap runner sent again after its pause. */
  requeued: number;
  /** Requests still shed after the client's last resend, by route: the player would have seen an error. */
  givenUp: Map<string, number>;
  /** Shed answers by the reason the server gave (X-Shed). */
  shedReasons: Map<string, number>;
  /** Shed answers by the 10 s of play they came in (index 0: the first 10 s), to tell a start-up herd from steady play. */
  shedBy10s: number[];
}

export function newTally(): SoakTally {
  return {
    routes: new Map(),
    accepted: new Map(),
    allAccepted: new Recorder(),
    acknowledged: 0,
    boughtBits: [],
    boughtAfterShed: [],
    boughtListings: [],
    boughtListingsAfterShed: [],
    requeued: 0,
    givenUp: new Map(),
    shedReasons: new Map(),
    shedBy10s: [],
  };
}

export interface SoakContext {
  /** The player's own connection: a browser keeps its own, so no player's request waits behind another's. */
  targetOf: (player: BenchPlayer) => Target;
  tally: SoakTally;
  timeoutMs: number;
  /** When play began and when it stops (performance.now()). */
  startedAt: number;
  endsAt: number;
  /** Players' first requests fall at random within this long after startedAt. */
  rampMs: number;
  /** The next Kernel bit nobody has asked for, so purchases never collide. */
  nextBit: () => { x: number; y: number };
  /** The next market listing nobody has asked for that `buyerId` did not list; null when none is left. */
  nextListing: (buyerId: number) => number | null;
  /** Player `index`'s tab shows the Kernel now, for one visit (it tells the server, and unwatches at the visit's end). */
  visitKernel: (index: number) => void;
}

/** A player of the soak: the bench's player and the username it registered (the Terminal's ssh target). */
export type SoakPlayer = BenchPlayer & { username: string };

type Shot = {
  route: string;
  path: string;
  body?: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /**
   * Sent until the server takes it, as the tap runner keeps a batch (src/client/taps/tap-runner.ts): once the
   * client's own resends are spent it waits infra.tapRetryDelayMs and sends the same batch (same key) again.
   */
  untilTaken?: boolean;
};

const countIn = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

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
      const reply = await send(context.targetOf(player), shot.method ?? 'POST', shot.path, {
        headers,
        ...(shot.body === undefined ? {} : { body: shot.body }),
        timeoutMs: context.timeoutMs,
      });
      const tookMs = performance.now() - started;
      recorder.record(reply.status, tookMs);
      if (reply.status >= 200 && reply.status < 300) {
        const { accepted } = context.tally;
        (accepted.get(shot.route) ?? accepted.set(shot.route, new Recorder()).get(shot.route)!).record(
          reply.status,
          tookMs,
        );
        context.tally.allAccepted.record(reply.status, tookMs);
        context.tally.acknowledged += 1;
        return { ok: true, shed };
      }
      if (reply.status !== 503) return { ok: false, shed };
      shed = true;
      const reason = String(reply.headers['x-shed'] ?? 'none given');
      countIn(context.tally.shedReasons, reason);
      const tenSeconds = Math.floor((performance.now() - context.startedAt) / 10_000);
      context.tally.shedBy10s[tenSeconds] = (context.tally.shedBy10s[tenSeconds] ?? 0) + 1;
      if (resends >= infra.shedRetryAttempts && shot.untilTaken && performance.now() < context.endsAt) {
        context.tally.requeued += 1;
        await sleep(infra.tapRetryDelayMs);
        resends = -1;
        continue;
      }
      if (resends >= infra.shedRetryAttempts) {
        countIn(context.tally.givenUp, shot.route);
        return { ok: false, shed };
      }
      const retryAfter = reply.headers['retry-after'];
      await sleep(resendDelayMs(typeof retryAfter === 'string' ? retryAfter : null, Math.random, resends));
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
  untilTaken: true,
});

const chatShot = (index: number, roll: number): Shot => ({
  route: 'POST /api/chat/messages',
  path: '/api/chat/messages',
  body: JSON.stringify({ message: `soak ${index} ${Math.floor(roll * 1e6)}` }),
});

const keyed = () => ({ [idempotencyKeyHeader]: randomUUID() });

/** A purchase on the Kernel screen: the tab shows the Kernel from here for a visit. */
async function buyBit(context: SoakContext, player: SoakPlayer, address: string, index: number): Promise<void> {
  const bit = context.nextBit();
  context.visitKernel(index);
  const shot = {
    route: 'POST /api/grid/purchase',
    path: gridPaths.purchase,
    body: JSON.stringify(bit),
    headers: keyed(),
  };
  const bought = await play(context, player, address, shot);
  if (bought.ok) context.tally.boughtBits.push(`bit:${bit.x},${bit.y}`);
  if (bought.ok && bought.shed) context.tally.boughtAfterShed.push(`bit:${bit.x},${bit.y}`);
}

async function buyListing(context: SoakContext, player: SoakPlayer, address: string): Promise<void> {
  const listingId = context.nextListing(player.id);
  if (listingId === null) return;
  const shot = {
    route: `POST ${marketPaths.buy}`,
    path: marketPaths.buy,
    body: JSON.stringify({ listingId }),
    headers: keyed(),
  };
  const bought = await play(context, player, address, shot);
  if (bought.ok) context.tally.boughtListings.push(`listing:${listingId}`);
  if (bought.ok && bought.shed) context.tally.boughtListingsAfterShed.push(`listing:${listingId}`);
}

/** A Mainframe player: tap, and now and then chat, buy a Kernel bit or buy on the market. */
async function playMainframe(context: SoakContext, player: SoakPlayer, address: string, index: number): Promise<void> {
  const colour = JSON.stringify({ colorR: index % 256, colorG: (index >> 8) % 256, colorB: 128 });
  await play(context, player, address, { route: 'POST /api/grid/set-color', path: gridPaths.setColor, body: colour });
  while (performance.now() < context.endsAt) {
    await play(context, player, address, tapShot(player));
    const roll = Math.random();
    // Per turn of ~2 s: a chat line about once a minute, a Kernel purchase about every two minutes,
    // a market buy about every four (30, 60 and 120 turns).
    if (roll < 1 / 30) await play(context, player, address, chatShot(index, roll));
    else if (roll < 1 / 30 + 1 / 60) await buyBit(context, player, address, index);
    else if (roll < 1 / 30 + 1 / 60 + 1 / 120) await buyListing(context, player, address);
    // ~2 s between batches (1.6–2.4 s), which is the tap bucket's refill of 1.5 decodes/s for 3 taps.
    await sleep(1600 + Math.random() * 800);
  }
}

/** A Terminal player: their own file system (ls, now and then mkdir then rm) and the Terminal's chat, a command every 2–4 s. */
async function playTerminal(context: SoakContext, player: SoakPlayer, address: string, index: number): Promise<void> {
  const root = JSON.stringify({ target: player.username, mode: 'root' });
  await play(context, player, address, { route: 'POST /api/filesystem/ssh', path: filesystemPaths.ssh, body: root });
  const ls = {
    route: 'GET /api/filesystem/contents',
    path: `${filesystemPaths.contents}?path=%2F`,
    method: 'GET' as const,
  };
  const operation = (command: 'mkdir' | 'rm') => ({
    route: `POST /api/filesystem/operation (${command})`,
    path: filesystemPaths.operation,
    body: JSON.stringify({ command, target: `/soak${index}` }),
  });
  while (performance.now() < context.endsAt) {
    await play(context, player, address, ls);
    const roll = Math.random();
    if (roll < 1 / 10) {
      await play(context, player, address, operation('mkdir'));
      await play(context, player, address, operation('rm'));
    } else if (roll < 1 / 10 + 1 / 20) await play(context, player, address, chatShot(index, roll));
    await sleep(2000 + Math.random() * 2000);
  }
}

/** The player's session until the soak ends: one in fifty on the Terminal, the rest on the Mainframe. */
export async function playUntilEnd(
  context: SoakContext,
  player: SoakPlayer,
  address: string,
  index: number,
): Promise<void> {
  // Tabs opened at different moments: the first requests spread over the ramp.
  await sleep(Math.random() * context.rampMs);
  if (index % 50 === 49) await playTerminal(context, player, address, index);
  else await playMainframe(context, player, address, index);
}

/**
 * Tabs on the Kernel (ADR 084): `visit(i)` makes player i's socket watch it for `visitMs` (a later purchase
 * extends the visit), as the Kernel screen does while mounted. `stop()` ends the visits and answers how many
 * tabs watched on average, sampled once a second.
 */
export function kernelVisits(fleet: SocketFleet, visitMs: number) {
  const socketOf = new Map(fleet.sockets.map((socket) => [socket.index, socket]));
  const visitEnds = new Map<number, NodeJS.Timeout>();
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(fleet.kernelWatchers), 1000);
  return {
    visit(index: number): void {
      const socket = socketOf.get(index);
      if (!socket) return;
      fleet.watchKernel(socket, true);
      clearTimeout(visitEnds.get(index));
      visitEnds.set(
        index,
        setTimeout(() => fleet.watchKernel(socket, false), visitMs),
      );
    },
    stop(): number {
      clearInterval(sampler);
      visitEnds.forEach((timer) => clearTimeout(timer));
      return samples.reduce((sum, n) => sum + n, 0) / Math.max(1, samples.length);
    },
  };
}
