// The requests of the spending-route bench (bench/spend-bench.ts): each with a fresh Idempotency-Key
// where the route takes one, a body the client would send, at most one in flight per player.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { dronePaths } from '../src/core/api/drone';
import { filesystemPaths } from '../src/core/api/filesystem';
import { inventoryPaths } from '../src/core/api/inventory';
import { gridPaths } from '../src/core/api/kernel';
import { marketPaths } from '../src/core/api/market';
import { optimizerPaths } from '../src/core/api/optimizer';
import { encodeSecureData } from '../src/core/secure-data';
import type { Shot, ShotSource } from './load';
import type { BenchPlayer } from './players';
import type { SpendSeed } from './spend-seed';

export const spendHeaders = (p: BenchPlayer, key?: string) => ({
  cookie: p.cookie,
  'x-csrf-token': p.csrfToken,
  ...(key ? { 'idempotency-key': key } : {}),
});

/** One request per entry, in order; null once all are sent (the phase then ends, see runClosedLoop). */
export function oneEach(requests: Array<{ player: BenchPlayer; path: string; body: unknown }>): ShotSource {
  let next = 0;
  return () => {
    const request = requests[next++];
    if (!request) return null;
    return {
      path: request.path,
      headers: spendHeaders(request.player, randomUUID()),
      body: JSON.stringify(request.body),
      wantBody: false,
      settle: (status) => status >= 200 && status < 300,
    };
  };
}

/**
 * Round-robin over players not busy and rested: `make` builds the player's next request. Null when
 * none is free (the closed loop waits and asks again).
 */
function roundRobin(
  players: BenchPlayer[],
  restMs: number,
  make: (player: BenchPlayer) => { path: string; body: unknown; key: boolean },
): ShotSource {
  const readyAt = new Map<BenchPlayer, number>();
  let cursor = 0;
  return () => {
    const now = performance.now();
    for (let tried = 0; tried < players.length; tried++) {
      const player = players[cursor]!;
      cursor = (cursor + 1) % players.length;
      if (player.busy || (readyAt.get(player) ?? 0) > now) continue;
      player.busy = true;
      const request = make(player);
      const shot: Shot = {
        path: request.path,
        headers: spendHeaders(player, request.key ? randomUUID() : undefined),
        body: JSON.stringify(request.body),
        wantBody: false,
        settle(status) {
          player.busy = false;
          if (restMs > 0) readyAt.set(player, performance.now() + restMs);
          return status >= 200 && status < 300;
        },
      };
      return shot;
    }
    return null;
  };
}

/** Equip, then unequip, then equip... the player's seeded gear. */
export function equipShots(players: BenchPlayer[], seed: SpendSeed): ShotSource {
  const equipped = new Set<BenchPlayer>();
  return roundRobin(players, 0, (player) => {
    const equip = !equipped.has(player);
    if (equip) equipped.add(player);
    else equipped.delete(player);
    return { path: inventoryPaths.equip, body: { gearId: seed.equipGear.get(player.id)!, equip }, key: false };
  });
}

/** Each purchase a different free bit, from the top-left corner on. */
export function kernelShots(players: BenchPlayer[]): ShotSource {
  let bit = 0;
  return roundRobin(players, 0, () => {
    const i = bit++;
    return { path: gridPaths.purchase, body: { x: i % 800, y: Math.floor(i / 800) % 800 }, key: true };
  });
}

/** Wrong guesses at the active boss, each player resting 550 ms between two (the route's pace). */
export function guessShots(players: BenchPlayer[], seed: SpendSeed): ShotSource {
  return roundRobin(players, 550, () => ({
    path: '/api/blockchain/submit-code',
    body: { bossId: seed.boss.id, guess: seed.boss.wrongGuess },
    key: true,
  }));
}

/** Every listing bought once, by the next player who is not its seller. */
export function buyShots(players: BenchPlayer[], seed: SpendSeed): ShotSource {
  return oneEach(
    seed.listings.map((listing, i) => {
      let buyer = players[i % players.length]!;
      if (buyer.id === listing.sellerId) buyer = players[(i + 1) % players.length]!;
      return { player: buyer, path: marketPaths.buy, body: { listingId: listing.id } };
    }),
  );
}

/** Every seeded core opened once, players interleaved. */
export function coreShots(players: BenchPlayer[], seed: SpendSeed, perPlayer: number): ShotSource {
  return oneEach(
    Array.from({ length: perPlayer }, (_, k) =>
      players.map((player) => ({ player, path: inventoryPaths.useCore(seed.cores.get(player.id)![k]!), body: {} })),
    ).flat(),
  );
}

/** One optimizer start per player (a second would be refused while the first runs). */
export const optimizerShots = (players: BenchPlayer[]) =>
  oneEach(players.map((player) => ({ player, path: optimizerPaths.start, body: {} })));

/** One drone run per player, through the secure path as the client sends it. */
export const droneShots = (players: BenchPlayer[]) =>
  oneEach(
    players.map((player) => ({
      player,
      path: dronePaths.buy,
      body: { secureData: encodeSecureData({ telnet: 5000 }, 'client') },
    })),
  );

/** One hack per player, of the intrusion opened before the phase. */
export const hackShots = (intrusions: Array<{ player: BenchPlayer; intrusionId: number }>) =>
  oneEach(
    intrusions.map(({ player, intrusionId }) => ({
      player,
      path: filesystemPaths.hackToken,
      body: { tokenPath: '/Token', intrusionId },
    })),
  );
