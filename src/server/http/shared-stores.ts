import { Redis } from 'ioredis';
import { primaryAsker } from '../cluster/ipc-ask';
import { ipcCounters } from '../cluster/ipc-counters';
import { ipcLeases } from '../cluster/ipc-leases';
import { redisLeases, type SharedLeases } from '../realtime/socket-leases';
import { redisCounters, type SharedCounters } from './shared-limiter';

/** Where every limit counts (ADR 045): window counters and open-socket leases, or null when alone. */
export interface SharedStores {
  counters: SharedCounters | null;
  leases: SharedLeases | null;
  close(): void;
}

/**
 * With REDIS_URL, Redis (shared by every instance and worker); as a worker of WORKERS=n without it,
 * the cluster primary over IPC (ADR 036); alone, nothing: the process's own counters decide.
 */
export function openSharedStores(options: {
  redisUrl: string | null;
  channel: string;
  clusterWorker: boolean;
  onFallback: (error: unknown) => void;
}): SharedStores {
  if (options.redisUrl) {
    // A command fails at once while Redis is down, and the process's own counter decides.
    const client = new Redis(options.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: (times) => Math.min(100 * times, 2000),
      connectionName: 'bitbreach-limits',
    });
    client.on('error', () => {});
    return {
      counters: redisCounters({ client, prefix: options.channel, onFallback: options.onFallback }),
      leases: redisLeases(client, options.channel),
      close: () => client.disconnect(),
    };
  }
  if (options.clusterWorker) {
    const primary = primaryAsker();
    return {
      counters: ipcCounters(primary, options.onFallback),
      leases: ipcLeases(primary),
      close: () => primary.close(),
    };
  }
  return { counters: null, leases: null, close: () => {} };
}
