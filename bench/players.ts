import { randomBytes } from 'node:crypto';
import { balance } from '../src/core/balance';
import { decodeSecureData } from '../src/core/secure-data';
import { sendResendingShed, type Target } from './http-client';

/** A registered player with a real session, plus the bench's mirror of their tap bucket. */
export interface BenchPlayer {
  id: number;
  cookie: string;
  csrfToken: string;
  /** Conservative copy of the server's token bucket, so the bench never outruns the ceiling. */
  tokens: number;
  tokensAtMs: number;
  /** One request in flight per player at most, as a real tab's batcher does. */
  busy: boolean;
  lastBatchTimestamp: number;
  /** Tap bodies encoded before the phases (see shots.ts), used first to spare the generator's CPU. */
  preparedBodies: string[];
}

// The mirror refills a little slower than the server (1.5/s) and keeps one decode in reserve:
// the server refills at commit time, which can be later than our send time, and a 423 here
// would measure the bench's pacing rather than the server.
const mirrorRefillPerS = balance.tapRefillPerSecond * 0.9;
const mirrorReserve = 1;

function sessionCookie(setCookie: string[] | undefined): string {
  const line = setCookie?.find((c) => c.startsWith('bb_session='));
  if (!line) throw new Error('register answered without a session cookie');
  return line.split(';')[0]!;
}

async function registerOne(target: Target, loginId: string, timeoutMs: number, address?: string): Promise<BenchPlayer> {
  const body = JSON.stringify({ loginId, username: loginId, password: 'Passw0rd!' });
  const headers = address ? { 'x-forwarded-for': address } : {};
  // A busy server sheds (503 + Retry-After, ADR 072) and nothing was done: wait as the client does and ask again.
  const registered = await sendResendingShed(target, 'POST', '/api/auth/register', {
    body,
    headers,
    wantBody: true,
    timeoutMs,
  });
  if (registered.status !== 201) throw new Error(`register ${loginId}: ${registered.status} ${registered.body}`);
  const cookie = sessionCookie(registered.headers['set-cookie']);
  const token = await sendResendingShed(target, 'GET', '/api/auth/csrf-token', {
    headers: { cookie },
    wantBody: true,
    timeoutMs,
  });
  if (token.status !== 200) throw new Error(`csrf-token ${loginId}: ${token.status} ${token.body}`);
  let parsed = JSON.parse(token.body!) as { csrfToken?: string; secureData?: string };
  if (parsed.secureData) parsed = decodeSecureData(parsed.secureData, 'server', 1 << 16) as { csrfToken?: string };
  if (!parsed.csrfToken) throw new Error(`csrf-token ${loginId}: no token in ${token.body}`);
  const now = Date.now();
  return {
    id: (JSON.parse(registered.body!) as { id: number }).id,
    cookie,
    csrfToken: parsed.csrfToken,
    // A new account starts with a full bucket (tapBurstCapacity) stamped at registration.
    tokens: balance.tapBurstCapacity,
    tokensAtMs: now,
    busy: false,
    lastBatchTimestamp: 0,
    preparedBodies: [],
  };
}

/**
 * Registers `count` players through the real register route, `concurrency` at a time; `addressOf`
 * gives player i the client address a trusted proxy would forward (the soak, with TRUST_PROXY).
 */
export async function registerPlayers(
  target: Target,
  count: number,
  concurrency: number,
  timeoutMs: number,
  addressOf?: (index: number) => string,
): Promise<BenchPlayer[]> {
  const tag = randomBytes(3).toString('hex');
  const players: BenchPlayer[] = new Array(count);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < count) {
      const index = next++;
      players[index] = await registerOne(target, `bb${tag}n${index}`, timeoutMs, addressOf?.(index));
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return players;
}

/** Round-robin over players, skipping those busy or without tap budget in the mirror. */
export class PlayerPicker {
  private cursor = 0;

  constructor(
    private readonly players: BenchPlayer[],
    private readonly tapCount: number,
  ) {}

  /** A player who may send a batch now (their mirror is charged), or null if none may. */
  takeForTap(nowMs: number): BenchPlayer | null {
    for (let tried = 0; tried < this.players.length; tried++) {
      const player = this.players[this.cursor]!;
      this.cursor = (this.cursor + 1) % this.players.length;
      if (player.busy) continue;
      const tokens = Math.min(
        balance.tapBurstCapacity,
        player.tokens + ((nowMs - player.tokensAtMs) / 1000) * mirrorRefillPerS,
      );
      player.tokens = tokens;
      player.tokensAtMs = nowMs;
      if (tokens < this.tapCount + mirrorReserve) continue;
      player.tokens -= this.tapCount;
      player.busy = true;
      return player;
    }
    return null;
  }

  /** Any player, for routes without a budget (the constant route). */
  takeAny(): BenchPlayer {
    const player = this.players[this.cursor]!;
    this.cursor = (this.cursor + 1) % this.players.length;
    return player;
  }
}

/** A batchTimestamp never used before by this player: the server counts a repeated one once. */
export function nextBatchTimestamp(player: BenchPlayer): number {
  player.lastBatchTimestamp = Math.max(Date.now(), player.lastBatchTimestamp + 1);
  return player.lastBatchTimestamp;
}
