import { randomUUID } from 'node:crypto';
import { infra } from '../../core/infra';
import type { BusLogger } from './bus';
import { createRedisBus } from './bus-redis';

export interface OperatorRedis {
  /** The deployment's Redis bus: the same URL, channel and secret as the servers. */
  url: string;
  channel: string;
  secret: string;
}

/**
 * The deployment's signed Redis bus, for an operator script in its own process (`npm run ban`,
 * `npm run grant`): what it publishes reaches every instance's sockets at once. `connected` is
 * false when Redis did not answer in time; the script then acts anyway and says so.
 */
export async function connectOperatorBus(redis: OperatorRedis | null, name: string, log: BusLogger, timeoutMs = 5000) {
  if (!redis) return { bus: null, connected: false };
  const bus = createRedisBus({
    ...redis,
    instanceId: `${name}-${randomUUID()}`,
    log,
    bufferMax: infra.busOutageBufferMax,
  });
  const deadline = Date.now() + timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  await Promise.race([bus.ready(), timeout]);
  clearTimeout(timer);
  while (!bus.isConnected() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return { bus, connected: bus.isConnected() };
}
