import { describe, expect, it } from 'vitest';
import { createFrameCoalescer, type FrameGroup } from './frame-coalescer';

/** A coalescer on a hand-driven clock: `fire()` ends the open window. */
function setup(windowMs = 100) {
  const frames: Array<FrameGroup<string, string>> = [];
  let timer: (() => void) | null = null;
  const coalescer = createFrameCoalescer<string, string>({
    windowMs,
    setTimer: (run) => (timer = run),
    clearTimer: () => (timer = null),
    emit: (group) => frames.push(group),
  });
  const fire = () => {
    const run = timer;
    timer = null;
    run?.();
  };
  /** What each target got, frame by frame. */
  const received = (target: string) => frames.filter((f) => f.targets.includes(target)).map((f) => f.events);
  return { coalescer, frames, fire, received, windowOpen: () => timer !== null };
}

describe('frame coalescer', () => {
  it('sends an event at once when no window is open, and opens one', () => {
    const { coalescer, frames, windowOpen } = setup();
    coalescer.add('line 1', ['a', 'b']);
    expect(frames).toEqual([{ events: ['line 1'], targets: ['a', 'b'] }]);
    expect(windowOpen()).toBe(true);
  });

  it('sends what arrived during the window as one frame per target, in arrival order, once the window ends', () => {
    const { coalescer, frames, fire, received } = setup();
    coalescer.add('line 1', ['a', 'b']);
    coalescer.add('line 2', ['a', 'b']);
    coalescer.add('own event', ['a']);
    coalescer.add('line 3', ['a', 'b']);
    expect(frames).toHaveLength(1);
    fire();
    expect(received('a')).toEqual([['line 1'], ['line 2', 'own event', 'line 3']]);
    expect(received('b')).toEqual([['line 1'], ['line 2', 'line 3']]);
  });

  it('builds one frame for every target that got the same events', () => {
    const { coalescer, frames, fire } = setup();
    coalescer.add('opener', ['x']);
    const everyone = Array.from({ length: 500 }, (_, i) => `socket ${i}`);
    coalescer.add('line 1', everyone);
    coalescer.add('bit bought', everyone.slice(0, 50));
    coalescer.add('line 2', everyone);
    fire();
    expect(frames.slice(1).map((f) => [f.events, f.targets.length])).toEqual([
      [['line 1', 'bit bought', 'line 2'], 50],
      [['line 1', 'line 2'], 450],
    ]);
  });

  it('keeps a window open while events keep coming, and closes it after a quiet one', () => {
    const { coalescer, frames, fire, windowOpen } = setup();
    coalescer.add('e1', ['a']);
    coalescer.add('e2', ['a']);
    fire(); // e2 goes out and the next window opens
    expect(windowOpen()).toBe(true);
    coalescer.add('e3', ['a']);
    expect(frames).toHaveLength(2);
    fire();
    expect(frames.map((f) => f.events)).toEqual([['e1'], ['e2'], ['e3']]);
    fire(); // nothing came: the stream is idle again, and the next event goes at once
    expect(windowOpen()).toBe(false);
    coalescer.add('e4', ['a']);
    expect(frames.at(-1)?.events).toEqual(['e4']);
  });

  it('sends every event alone and at once with a window of 0', () => {
    const { coalescer, frames, windowOpen } = setup(0);
    coalescer.add('e1', ['a']);
    coalescer.add('e2', ['a', 'b']);
    expect(frames.map((f) => f.events)).toEqual([['e1'], ['e2']]);
    expect(windowOpen()).toBe(false);
  });

  it('tells when nothing waits any more, and drops what waits when stopped', async () => {
    const { coalescer, frames, fire } = setup();
    await coalescer.flushed();
    coalescer.add('e1', ['a']);
    coalescer.add('e2', ['a']);
    let flushed = false;
    void coalescer.flushed().then(() => (flushed = true));
    await Promise.resolve();
    expect([flushed, coalescer.waiting()]).toEqual([false, 1]);
    fire();
    await Promise.resolve();
    expect(flushed).toBe(true);
    coalescer.add('e3', ['a']);
    coalescer.stop();
    await coalescer.flushed();
    expect(frames.map((f) => f.events)).toEqual([['e1'], ['e2']]);
  });
});
