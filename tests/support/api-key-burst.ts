import { apiKeyLimits } from '../../src/core/api/api-keys';
import { tally, type Tally } from './limit-probe';

type Send = (i: number) => Promise<{ status: number; servedBy: string | undefined; reset?: string | undefined }>;

/**
 * `count` key requests inside one per-key minute (ADR 075: the minute is aligned to the clock). A
 * probe request reads RateLimit-Reset first; with fewer than `roomS` seconds left, the burst waits for
 * the next minute so it never straddles two. Returns the tally, the probe counted in.
 */
export async function burstInOneMinute(count: number, send: Send, roomS = 25): Promise<Tally & { counted: number }> {
  for (;;) {
    const probe = await send(0);
    const reset = Number(probe.reset);
    if (!(reset > 0)) throw new Error(`no RateLimit-Reset on the probe (${probe.status})`);
    if (reset >= roomS) {
      const result = await tally(count, 6, send);
      return { ...result, counted: count + 1 };
    }
    await new Promise((resolve) => setTimeout(resolve, (reset + 1) * 1000));
  }
}

export const refusedOf = (counted: number) => Math.max(0, counted - apiKeyLimits.requestsPerMinute);
