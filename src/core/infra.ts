import { realtimeAndJobsNumbers } from './infra/realtime-and-jobs';
import { requestLimits } from './infra/requests';
import { clientTiming } from './infra/client-timing';

/**
 * The infrastructure's numbers: rate limits, body and page sizes, caches, retention, sockets, jobs and the client's
 * poll and retry timing. They keep the servers healthy and do not change how the game plays or pays, so a change
 * here does not need the economy simulation; game tuning lives in `balance` (src/core/balance.ts).
 */
export const infra = {
  ...realtimeAndJobsNumbers,
  ...requestLimits,
  ...clientTiming,
} as const;

export type Infra = typeof infra;
