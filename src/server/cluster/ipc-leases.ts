import type { LeaseClaim, SharedLeases } from '../realtime/socket-leases';
import type { PrimaryAsker } from './ipc-ask';
import type { LeaseRequest } from './messages';

/**
 * A worker's view of the socket leases its primary keeps (ADR 045). The primary sees a worker exit
 * and drops its leases then, so no lease needs an expiry here and refresh has nothing to do.
 */
export function ipcLeases(primary: PrimaryAsker): SharedLeases {
  const ask = (op: LeaseRequest['op'], leaseId: string, claims: LeaseClaim[]) =>
    primary.ask({ bb: 'lease', op, leaseId, claims });
  return {
    acquire: (leaseId, claims) => ask('acquire', leaseId, claims),
    check: (claims) => ask('check', '', claims),
    release: async (leaseId, claims) => void (await ask('release', leaseId, claims)),
    refresh: async () => {},
  };
}

/** The primary's side: who holds a place under each cap, by worker, so a dead worker's go at once. */
export function createLeaseTable() {
  // cap id → lease id → the worker holding it
  const holders = new Map<string, Map<string, number>>();
  const byWorker = new Map<number, Map<string, string[]>>();
  const capId = (claim: LeaseClaim) => `${claim.name}\u0000${claim.key}`;
  const atCap = (leaseId: string, claims: LeaseClaim[]) =>
    claims.findIndex((claim) => {
      const held = holders.get(capId(claim));
      return !held?.has(leaseId) && (held?.size ?? 0) >= claim.cap;
    });
  function drop(leaseId: string, ids: string[]): void {
    for (const id of ids) {
      const held = holders.get(id);
      held?.delete(leaseId);
      if (held?.size === 0) holders.delete(id);
    }
  }
  return {
    answer(workerId: number, request: LeaseRequest): number {
      if (request.op === 'check') return atCap('', request.claims);
      const leases = byWorker.get(workerId) ?? new Map<string, string[]>();
      byWorker.set(workerId, leases);
      if (request.op === 'release') {
        drop(request.leaseId, request.claims.map(capId));
        leases.delete(request.leaseId);
        return -1;
      }
      const full = atCap(request.leaseId, request.claims);
      if (full !== -1) return full;
      const ids = request.claims.map(capId);
      for (const id of ids) {
        const held = holders.get(id) ?? new Map<string, number>();
        holders.set(id, held);
        held.set(request.leaseId, workerId);
      }
      leases.set(request.leaseId, ids);
      return -1;
    },
    /** A worker exited: its sockets are gone, and so are their places. */
    dropWorker(workerId: number): void {
      for (const [leaseId, ids] of byWorker.get(workerId) ?? []) drop(leaseId, ids);
      byWorker.delete(workerId);
    },
    /** Places held under one cap (tests). */
    count: (claim: LeaseClaim) => holders.get(capId(claim))?.size ?? 0,
  };
}
