import type { BusLogger, createLocalFanout } from './bus';
import type { createReplayGuard } from './bus-replay';
import { verifyBusPayload } from './bus-signing';
import { decodeWire, readPrefix } from './bus-wire';

/** What the Redis bus's receiving side needs: built once by createRedisBus. */
export interface BusReceiverDeps {
  channel: string;
  instanceId: string;
  /** The signing key derived from the session secret (busKey). */
  key: Buffer;
  log: BusLogger;
  fanout: ReturnType<typeof createLocalFanout>;
  replayGuard: ReturnType<typeof createReplayGuard>;
  /** The wire clock the replay window is judged by. */
  wireNow: () => number;
  onLag?: (ms: number) => void;
}

/**
 * The channel's messages from other instances, checked before delivery: signed with our key, parsed,
 * and fresh (not seen before, sent within the replay window, ADR 047). Counts what it drops.
 */
export function createBusReceiver(deps: BusReceiverDeps) {
  const { channel, instanceId, key, log, fanout, replayGuard, wireNow } = deps;
  let rejected = 0;
  let replayed = 0;

  function onMessage(from: string, raw: string): void {
    if (from !== channel) return;
    const prefix = readPrefix(raw);
    // Its own echo (most of what an instance hears when it is the busy one) was delivered locally at
    // publish: it only times the round trip, without paying for the signature check or the parse.
    // A forger who copies our id only gets their own message ignored.
    if (prefix?.origin === instanceId) {
      deps.onLag?.(Math.max(0, Date.now() - prefix.sentMs));
      return;
    }
    const payload = prefix ? verifyBusPayload(key, channel, prefix.signed) : null;
    const messages = payload === null ? null : decodeWire(payload);
    if (!messages || messages.origin !== prefix!.origin) {
      rejected += 1;
      log.warn(
        { size: raw.length, signed: payload !== null, rejected },
        'dropped a bus message that is unsigned, badly signed or malformed',
      );
      return;
    }
    const verdict = replayGuard.judge(`${messages.origin} ${messages.id}`, messages.sentMs);
    if (verdict !== 'fresh') {
      replayed += 1;
      log.warn(
        { verdict, origin: messages.origin, ageMs: wireNow() - messages.sentMs, replayed },
        'dropped a signed bus message sent again or outside the replay window',
      );
      return;
    }
    deps.onLag?.(Math.max(0, Date.now() - messages.sentMs));
    messages.bodies.forEach((body) => fanout.deliver(body));
  }

  return { onMessage, rejectedCount: () => rejected, replayedCount: () => replayed };
}
