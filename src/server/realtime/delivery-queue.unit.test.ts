import { describe, expect, it } from 'vitest';
import { createDeliveryQueue } from './delivery-queue';

/** A queue over a hand-run event loop: each `turn()` is one setImmediate callback. */
function harness(sliceSize: number) {
  const turns: Array<() => void> = [];
  const sent: string[] = [];
  const done: string[] = [];
  const queue = createDeliveryQueue<string>({
    sliceSize,
    later: (run) => turns.push(run),
    send: (target, frame) => sent.push(`${frame}→${target}`),
    onDone: (d) => done.push(d.label),
  });
  const turn = () => {
    const run = turns.shift();
    if (!run) throw new Error('nothing scheduled');
    run();
    return sent.splice(0);
  };
  return { queue, turns, sent, done, turn };
}

const sockets = (n: number) => Array.from({ length: n }, (_, i) => `s${i}`);

describe('sliced delivery', () => {
  it('sends nothing in the turn that enqueues (the publishing request answers first)', () => {
    const h = harness(4);
    h.queue.enqueue({ label: 'chat', frame: 'A', targets: sockets(3) });
    expect(h.sent).toEqual([]);
    expect(h.turns).toHaveLength(1);
  });

  it('hands 10 sockets over in slices of 4, yielding between slices', () => {
    const h = harness(4);
    h.queue.enqueue({ label: 'chat', frame: 'A', targets: sockets(10) });
    expect(h.turn()).toEqual(['A→s0', 'A→s1', 'A→s2', 'A→s3']);
    expect(h.done).toEqual([]);
    expect(h.turn()).toEqual(['A→s4', 'A→s5', 'A→s6', 'A→s7']);
    expect(h.turn()).toEqual(['A→s8', 'A→s9']);
    expect(h.done).toEqual(['chat']);
    expect(h.turns).toHaveLength(0);
  });

  it('keeps publish order for every socket: a later event never overtakes one still being sent', () => {
    const h = harness(3);
    h.queue.enqueue({ label: 'first', frame: 'A', targets: sockets(5) });
    h.queue.enqueue({ label: 'second', frame: 'B', targets: sockets(2) });
    // The slice budget is shared across events: the second starts in the slice that ends the first.
    expect(h.turn()).toEqual(['A→s0', 'A→s1', 'A→s2']);
    expect(h.turn()).toEqual(['A→s3', 'A→s4', 'B→s0']);
    expect(h.turn()).toEqual(['B→s1']);
    expect(h.done).toEqual(['first', 'second']);
  });

  it('runs the after-step on each socket right after its frame (session.ended closes)', () => {
    const h = harness(10);
    const closed: string[] = [];
    h.queue.enqueue({ label: 'ended', frame: 'E', targets: ['a', 'b'], after: (t) => closed.push(`${t} after ${h.sent.length}`) });
    h.turn();
    expect(closed).toEqual(['a after 1', 'b after 2']);
  });

  it('resolves drained once everything queued so far is out, and clear drops the rest', async () => {
    const h = harness(2);
    h.queue.enqueue({ label: 'chat', frame: 'A', targets: sockets(4) });
    let drained = false;
    void h.queue.drained().then(() => (drained = true));
    h.turn();
    await Promise.resolve();
    expect(drained).toBe(false);
    h.turn();
    await Promise.resolve();
    expect(drained).toBe(true);
    h.queue.enqueue({ label: 'chat', frame: 'B', targets: sockets(4) });
    h.queue.clear();
    h.turn();
    expect(h.sent).toEqual([]);
    expect(h.queue.pending()).toBe(0);
  });
});
