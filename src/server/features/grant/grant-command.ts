import type { Database } from '../../db/connect';
import type { BusLogger } from '../../realtime/bus';
import { connectOperatorBus, type OperatorRedis } from '../../realtime/operator-bus';
import { createGrantService, type GrantRequest, type GrantResult } from './service';

export interface GrantCommandDeps {
  database: Database;
  /** The deployment's Redis bus (same URL, channel and secret as the servers), or null without Redis. */
  redis: OperatorRedis | null;
  log: BusLogger;
  connectTimeoutMs?: number;
}

/**
 * `npm run grant` from another process: the grant commits through the wallet and inventory, then
 * user.updated and inventory.changed go out on the deployment's signed Redis bus, so the player's
 * open screens on any instance show it at once (as `npm run ban` tells sockets). Without Redis the
 * screens see it at their next read.
 */
export async function grantAsOperator(
  deps: GrantCommandDeps,
  request: GrantRequest,
): Promise<GrantResult & { screensToldAtOnce: boolean }> {
  const { bus, connected } = await connectOperatorBus(deps.redis, 'grant', deps.log, deps.connectTimeoutMs);
  try {
    const result = await createGrantService({ database: deps.database, ...(bus ? { bus } : {}) }).grant(request);
    return { ...result, screensToldAtOnce: connected && result.kind === 'granted' };
  } finally {
    // close() QUITs cleanly, so what the grant published reaches Redis before the script exits.
    await bus?.close();
  }
}
