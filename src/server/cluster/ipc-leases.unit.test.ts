import { describe, expect, it } from 'vitest';
import type { LeaseClaim } from '../realtime/socket-leases';
import { createLeaseTable } from './ipc-leases';
import type { LeaseRequest } from './messages';

const session: LeaseClaim = { name: 'session', key: 's1', cap: 2 };
const address: LeaseClaim = { name: 'address', key: '10.0.0.1', cap: 3 };
const ask = (op: LeaseRequest['op'], leaseId: string, claims: LeaseClaim[]): LeaseRequest => ({
  bb: 'lease',
  id: 0,
  op,
  leaseId,
  claims,
});

describe("the cluster primary's socket leases", () => {
  it('takes a place under every cap or none, and names the first full cap', () => {
    const table = createLeaseTable();
    expect(table.answer(1, ask('acquire', 'a', [session, address]))).toBe(-1);
    expect(table.answer(2, ask('acquire', 'b', [session, address]))).toBe(-1);
    expect(table.answer(1, ask('check', '', [session, address]))).toBe(0);
    // The session is full: the third socket takes nothing, not even its address's place.
    expect(table.answer(2, ask('acquire', 'c', [session, address]))).toBe(0);
    expect(table.count(address)).toBe(2);
    // Another session from the same address fills the address's third place; the fourth is refused there.
    expect(table.answer(1, ask('acquire', 'd', [{ ...session, key: 's2' }, address]))).toBe(-1);
    expect(table.answer(1, ask('acquire', 'e', [{ ...session, key: 's3' }, address]))).toBe(1);
    // Asking again for a lease already held is no second place.
    expect(table.answer(1, ask('acquire', 'a', [session, address]))).toBe(-1);
    expect(table.count(session)).toBe(2);
  });

  it('frees a place on release, and every place of a worker that exited', () => {
    const table = createLeaseTable();
    table.answer(1, ask('acquire', 'a', [session, address]));
    table.answer(2, ask('acquire', 'b', [session, address]));
    table.answer(1, ask('release', 'a', [session, address]));
    expect(table.count(session)).toBe(1);
    table.answer(1, ask('acquire', 'c', [session, address]));
    // Worker 2 was killed without releasing: its places must not stay taken until the primary restarts.
    table.dropWorker(2);
    expect(table.count(session)).toBe(1);
    expect(table.count(address)).toBe(1);
    expect(table.answer(1, ask('acquire', 'd', [session, address]))).toBe(-1);
  });
});
