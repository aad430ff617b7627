import type { Redis } from 'ioredis';
import { signBusPayload } from './bus-signing';
import { wireJson, type Outgoing } from './bus-wire';

/** What the Redis bus's sending side needs: built once by createRedisBus. */
export interface BusOutboxDeps {
  pub: Redis;
  channel: string;
  instanceId: string;
  /** The signing key derived from the session secret (busKey). */
  key: Buffer;
  /** The wire clock each send is stamped with. */
  wireNow: () => number;
  /** Messages kept while Redis is unreachable; the oldest quarter is dropped when full. */
  bufferMax: number;
}

/**
 * Sends groups to the channel, or keeps them (bounded) while the publishing connection is down. The id
 * is fixed at publish (a retry that did reach Redis is then refused as a replay); the send time and
 * signature are made at each send, so a flush after a long outage is not stale.
 */
export function createBusOutbox(deps: BusOutboxDeps) {
  const { pub, channel, instanceId, key } = deps;
  let buffer: Outgoing[] = [];
  let closed = false;

  function send(outgoing: Outgoing): void {
    const sentMs = deps.wireNow();
    const json = wireJson(instanceId, sentMs, outgoing);
    pub.publish(channel, `${instanceId} ${sentMs} ${signBusPayload(key, channel, json)}`).catch(() => keep(outgoing));
  }

  function keep(outgoing: Outgoing): void {
    if (closed) return;
    if (buffer.length >= deps.bufferMax) buffer = buffer.slice(Math.ceil(deps.bufferMax / 4));
    buffer.push(outgoing);
  }

  return {
    /** On the channel now if the connection is ready, else kept for the next flush. */
    offer(outgoing: Outgoing): void {
      if (pub.status === 'ready') send(outgoing);
      else keep(outgoing);
    },
    /** The connection is ready again: everything kept goes out, oldest first. */
    flush(): void {
      const pending = buffer;
      buffer = [];
      pending.forEach(send);
    },
    /** Nothing is kept after the bus closed. */
    close(): void {
      closed = true;
    },
  };
}
