import { encodeSecureData, decodeSecureData } from '../src/core/secure-data';
import type { Shot, ShotSource } from './load';
import { nextBatchTimestamp, type BenchPlayer, type PlayerPicker } from './players';

// Every 50th successful answer is decoded and checked, so a bench that "passes" on wrong
// answers (an empty body, a non-decodable envelope) is caught without paying for every body.
const checkEvery = 50;

function headersFor(player: BenchPlayer) {
  return { cookie: player.cookie, 'x-csrf-token': player.csrfToken };
}

function tapEnvelope(player: BenchPlayer, tapCount: number): string {
  return JSON.stringify({
    secureData: encodeSecureData({ tapCount, batchTimestamp: nextBatchTimestamp(player) }, 'client'),
  });
}

/**
 * Encodes each player's next tap bodies ahead of the phases. Deflate-9 with fflate costs the
 * generator ~70 µs and much garbage per request; on a 2-core machine that CPU would be taken
 * from the server and PostgreSQL. Each body still has its own batchTimestamp; when a player's
 * stock runs out, bodies are encoded on the fly.
 */
export function prepareTapBodies(players: BenchPlayer[], perPlayer: number, tapCount: number): void {
  for (const player of players) {
    for (let i = 0; i < perPlayer; i++) player.preparedBodies.push(tapEnvelope(player, tapCount));
  }
}

function nextTapBody(player: BenchPlayer, tapCount: number): string {
  return player.preparedBodies.shift() ?? tapEnvelope(player, tapCount);
}

function isTapAnswer(body: string | undefined): boolean {
  try {
    const envelope = JSON.parse(body ?? '') as { secureData?: string };
    const answer = decodeSecureData(envelope.secureData ?? '', 'server', 1 << 20) as { user?: { totalTaps?: unknown } };
    return typeof answer.user?.totalTaps === 'number';
  } catch {
    return false;
  }
}

/** (c) POST /api/game/tap-batch, exactly as the client sends it, one in flight per player. */
export function tapBatchShots(picker: PlayerPicker, tapCount: number): ShotSource {
  let sent = 0;
  return () => {
    const player = picker.takeForTap(Date.now());
    if (!player) return null;
    const check = ++sent % checkEvery === 0;
    const shot: Shot = {
      path: '/api/game/tap-batch',
      headers: headersFor(player),
      body: nextTapBody(player, tapCount),
      wantBody: check,
      settle(status, body) {
        player.busy = false;
        // A refusal means our mirror ran ahead of the server: empty it so the player rests.
        if (status === 423) player.tokens = 0;
        return !(check && status === 200) || isTapAnswer(body);
      },
    };
    return shot;
  };
}

/**
 * (a) POST /api/bench/constant with the same cookie, CSRF header and a body of the same shape and
 * size as a tap batch, so JSON parsing and every hook cost the same; only the handler is constant.
 */
export function constantShots(picker: PlayerPicker, tapCount: number): ShotSource {
  let sent = 0;
  // One envelope per player, reused: the constant route counts nothing, so repeats are harmless.
  const bodies = new Map<BenchPlayer, string>();
  return () => {
    const player = picker.takeAny();
    let body = bodies.get(player);
    if (body === undefined)
      bodies.set(
        player,
        (body = JSON.stringify({ secureData: encodeSecureData({ tapCount, batchTimestamp: 1 }, 'client') })),
      );
    const check = ++sent % checkEvery === 0;
    return {
      path: '/api/bench/constant',
      headers: headersFor(player),
      body,
      wantBody: check,
      settle(status, body) {
        if (!(check && status === 200)) return true;
        try {
          return (JSON.parse(body ?? '') as { ok?: unknown }).ok === true;
        } catch {
          return false;
        }
      },
    };
  };
}
