import type { TestSocket } from './socket';

export interface Tally {
  /** How many answers had each status. */
  statuses: Map<number, number>;
  /** Who answered (x-worker, or an instance's index): a limit test proves it spread the load. */
  servedBy: Set<string>;
}

/**
 * Sends `count` requests, `atOnce` in flight, and tallies the answers: what a load balancer spreading
 * one player's (or one address's) requests over several processes does to a limit.
 */
export async function tally(
  count: number,
  atOnce: number,
  send: (i: number) => Promise<{ status: number; servedBy: string | undefined }>,
): Promise<Tally> {
  const statuses = new Map<number, number>();
  const servedBy = new Set<string>();
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const answer = await send(next++);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.servedBy !== undefined) servedBy.add(answer.servedBy);
    }
  };
  await Promise.all(Array.from({ length: atOnce }, lane));
  return { statuses, servedBy };
}

export interface OpenedSockets {
  /** The sockets the server accepted; some may still be closed by it (a cap decided after the upgrade). */
  accepted: TestSocket[];
  /** How many handshakes were refused (429 before the upgrade). */
  refused: number;
  /** The accepted sockets the server has not closed (yet). */
  stillOpen(): TestSocket[];
}

/** Opens `count` sockets at once; a refused handshake is counted, not thrown. */
export async function openAtOnce(count: number, open: () => Promise<TestSocket>): Promise<OpenedSockets> {
  const settled = await Promise.allSettled(Array.from({ length: count }, open));
  const accepted = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  for (const s of settled) if (s.status === 'rejected' && !/refused with 429/.test(String(s.reason))) throw s.reason;
  return {
    accepted,
    refused: count - accepted.length,
    stillOpen: () => accepted.filter((s) => s.ws.readyState === s.ws.OPEN),
  };
}
