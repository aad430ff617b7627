import { describe, expect, it, vi } from 'vitest';
import { createSocketCaps } from './socket-caps';
import type { SharedLeases } from './socket-leases';

const log = { warn: vi.fn(), info: vi.fn(), error: vi.fn() };
const limits = { socketsPerSession: 2, socketsPerAddress: 5, heartbeatMs: 1000 };

/** Shared leases whose answers the test hands out one by one. */
function heldBack() {
  const answers: ((value: number) => void)[] = [];
  const leases: SharedLeases = {
    acquire: vi.fn(() => new Promise<number>((resolve) => answers.push(resolve))),
    check: vi.fn(async () => -1),
    release: vi.fn(async () => {}),
    refresh: vi.fn(async () => {}),
  };
  return { leases, answer: (value: number) => answers.shift()!(value) };
}

describe('socket caps', () => {
  it('gives a lease straight back when its socket closed while it was being taken', async () => {
    const { leases, answer } = heldBack();
    const caps = createSocketCaps({ limits, leases, instanceId: 'i', log });
    const admitted = caps.admit('s', '10.0.0.1');
    if ('refused' in admitted) throw new Error('refused');
    caps.release(admitted.place);
    answer(-1);
    expect(await admitted.shared).toBeNull();
    expect(leases.release).toHaveBeenCalledTimes(1);
    caps.refresh();
    expect(leases.refresh).not.toHaveBeenCalled();
  });

  it('closes a socket whose cap is full elsewhere, and frees its place here', async () => {
    const { leases, answer } = heldBack();
    const caps = createSocketCaps({ limits, leases, instanceId: 'i', log });
    const first = caps.admit('s', '10.0.0.1');
    if ('refused' in first) throw new Error('refused');
    answer(0);
    expect(await first.shared).toBe('session');
    caps.release(first.place);
    // Nothing was taken in the shared store, so nothing is released there.
    expect(leases.release).not.toHaveBeenCalled();
    expect(await caps.refusal('s', '10.0.0.1')).toBeNull();
  });

  it('counts alone while the shared leases do not answer, and refuses past the cap here', async () => {
    const leases: SharedLeases = {
      acquire: vi.fn(async () => Promise.reject(new Error('down'))),
      check: vi.fn(async () => Promise.reject(new Error('down'))),
      release: vi.fn(),
      refresh: vi.fn(),
    };
    const caps = createSocketCaps({ limits, leases, instanceId: 'i', log });
    for (let i = 0; i < 2; i++) {
      const admitted = caps.admit('s', '10.0.0.1');
      if ('refused' in admitted) throw new Error('refused');
      expect(await admitted.shared).toBeNull();
    }
    expect(caps.admit('s', '10.0.0.1')).toEqual({ refused: 'session' });
    expect(await caps.refusal('s', '10.0.0.1')).toBe('session');
    expect(await caps.refusal('t', '10.0.0.1')).toBeNull();
    expect(log.warn).toHaveBeenCalled();
  });
});
