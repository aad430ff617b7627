import { describe, expect, it } from 'vitest';
import { createDeliveryQueue } from './delivery-queue';

/** A queue over a hand-run event loop: each `turn()` is one setImmediate callback. */
function harness(sliceSize: number, maxPendingFrames = 1_000_000) {
  const turns: Array<() => void> = [];
  const sent: string[] = [];
  const done: string[] = [];
  const overflows: Array<[number, number]> = [];
  const queue = createDeliveryQueue<string>({
    sliceSize,
    later: (run) => turns.push(run),
    send: (target, frame) => sent.push(`${frame}→${target}`),
    onDone: (d) => done.push(d.label),
    maxPendingFrames,
    interruption: (targets) => ({ label: 'interrupted', frame: 'I', targets }),
    onOverflow: (events, targets) => overflows.push([events, targets]),
  });
  const turn = () => {
    const run = turns.shift();
    if (!run) throw new Error('nothing scheduled');
    run();
    return sent.splice(0);
  };
  return { queue, turns, sent, done, overflows, turn };
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
    h.queue.enqueue({
      label: 'ended',
      frame: 'E',
      targets: ['a', 'b'],
      after: (t) => closed.push(`${t} after ${h.sent.length}`),
    });
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

describe('the delivery cap', () => {
  it('past the cap drops the queued events and sends each waiting socket the interruption, once', () => {
    const h = harness(2, 6);
    h.queue.enqueue({ label: 'a', frame: 'A', targets: ['s0', 's1', 's2'] });
    h.queue.enqueue({ label: 'b', frame: 'B', targets: ['s2', 's3'] });
    expect(h.queue.pendingFrames()).toBe(5);
    h.queue.enqueue({ label: 'c', frame: 'C', targets: ['s3', 's4'] });
    expect(h.overflows).toEqual([[3, 5]]);
    expect(h.queue.pending()).toBe(1);
    expect(h.queue.pendingFrames()).toBe(5);
    expect([h.turn(), h.turn(), h.turn()].flat()).toEqual(['I→s0', 'I→s1', 'I→s2', 'I→s3', 'I→s4']);
    expect(h.done).toEqual(['interrupted']);
  });

  it('interrupts only the sockets an event had not reached yet, and keeps session.ended (it closes the socket)', () => {
    const h = harness(2, 4);
    const closed: string[] = [];
    h.queue.enqueue({ label: 'a', frame: 'A', targets: ['s0', 's1', 's2', 's3'] });
    h.turn();
    h.queue.enqueue({ label: 'ended', frame: 'E', targets: ['s9'], after: (t) => closed.push(t) });
    h.queue.enqueue({ label: 'b', frame: 'B', targets: ['s5', 's6'] });
    expect(h.overflows).toEqual([[2, 4]]);
    const out = [h.turn(), h.turn(), h.turn()].flat();
    expect(out).toEqual(['E→s9', 'I→s2', 'I→s3', 'I→s5', 'I→s6']);
    expect(closed).toEqual(['s9']);
  });

  it('keeps an event alone in the queue even when its audience is larger than the cap', () => {
    const h = harness(10, 3);
    h.queue.enqueue({ label: 'a', frame: 'A', targets: sockets(5) });
    expect(h.overflows).toEqual([]);
    expect(h.turn()).toEqual(sockets(5).map((s) => `A→${s}`));
  });

  it('holds a flood of events to a bounded number of frames however many arrive', () => {
    const h = harness(128, 1_000);
    const targets = sockets(100);
    let mostPending = 0;
    for (let i = 0; i < 10_000; i++) {
      h.queue.enqueue({ label: `e${i}`, frame: `F${i}`, targets });
      mostPending = Math.max(mostPending, h.queue.pendingFrames());
    }
    expect(mostPending).toBeLessThanOrEqual(1_000);
    while (h.turns.length) h.turn();
    expect(h.queue.pendingFrames()).toBe(0);
    expect(h.overflows.length).toBeGreaterThan(0);
  });

  it("drains a long queue one event at a time in order, across the head index's compactions", () => {
    const h = harness(1);
    for (let i = 0; i < 5_000; i++) h.queue.enqueue({ label: `e${i}`, frame: `F${i}`, targets: ['s'] });
    const out: string[] = [];
    while (h.turns.length) out.push(...h.turn());
    expect(out).toEqual(Array.from({ length: 5_000 }, (_, i) => `F${i}→s`));
    expect(h.done).toHaveLength(5_000);
  });
});
