import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../core/api/events';
import { createSocketConnection, type ResyncReason, type SocketLike } from './socket-connection';
import type { SocketStatus } from './socket-model';

class FakeSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  closedWith: number | null = null;
  sent: string[] = [];
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code ?? 1005;
  }
  open() {
    this.onopen?.({} as Event);
  }
  frame(data: unknown) {
    this.onmessage?.({ data } as MessageEvent);
  }
  drop(code: number) {
    this.onclose?.({ code } as CloseEvent);
  }
}

/** A connection over fake sockets and a manual clock: nothing sleeps, every step is visible. */
function harness() {
  const sockets: FakeSocket[] = [];
  const timers: { run: () => void; ms: number; at: number; cleared: boolean }[] = [];
  const log = {
    events: [] as ServerEvent[],
    statuses: [] as SocketStatus[],
    resyncs: [] as ResyncReason[],
    warnings: [] as string[],
    sessionEnded: 0,
  };
  let now = 0;
  const connection = createSocketConnection({
    url: 'ws://game.test/ws',
    open: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    backoff: { baseMs: 500, maxMs: 8000, stableMs: 10_000 },
    random: () => 1,
    now: () => now,
    setTimer: (run, ms) => {
      const timer = { run, ms, at: now + ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
    onEvent: (event) => log.events.push(event),
    onStatus: (status) => log.statuses.push(status),
    onResync: (reason) => log.resyncs.push(reason),
    onSessionEnded: () => {
      log.sessionEnded += 1;
    },
    warn: (message) => log.warnings.push(message),
  });
  const last = () => sockets[sockets.length - 1]!;
  /** Runs the pending reconnect timer, moving the clock to it; returns its delay. */
  const fireTimer = () => {
    const timer = timers.filter((t) => !t.cleared).pop();
    if (!timer) throw new Error('no reconnect scheduled');
    timer.cleared = true;
    now = timer.at;
    timer.run();
    return timer.ms;
  };
  const advance = (ms: number) => {
    now += ms;
  };
  return { connection, sockets, timers, log, last, fireTimer, advance };
}

const frame = (t: string, d: unknown, v: number) => JSON.stringify({ t, d, v });

describe('the socket connection', () => {
  it('opens one socket, reports up, and resyncs on open', () => {
    const h = harness();
    h.connection.start();
    h.connection.start();
    expect(h.sockets).toHaveLength(1);
    expect(h.last().url).toBe('ws://game.test/ws');
    h.last().open();
    expect(h.log.statuses).toEqual(['connecting', 'up']);
    expect(h.log.resyncs).toEqual(['open']);
  });

  it('parses each frame once and hands on typed events; drops and logs what does not parse', () => {
    const h = harness();
    h.connection.start();
    h.last().open();
    h.last().frame(frame('chat.unreadChanged', { hasUnread: true }, 1));
    h.last().frame('not json');
    h.last().frame(frame('chat.unreadChanged', { hasUnread: 'yes' }, 2));
    h.last().frame(frame('no.such.event', {}, 2));
    h.last().frame(new ArrayBuffer(4));
    expect(h.log.events).toEqual([{ t: 'chat.unreadChanged', d: { hasUnread: true }, v: 1 }]);
    expect(h.log.warnings).toHaveLength(4);
    expect(h.log.resyncs).toEqual(['open']);
  });

  it('hands on the events of a batch frame in order, checking its one stream version once', () => {
    const h = harness();
    h.connection.start();
    h.last().open();
    h.last().frame(frame('chat.unreadChanged', { hasUnread: true }, 1));
    const batch = [
      { t: 'chat.removed', d: { id: 4 } },
      { t: 'chat.unreadChanged', d: { hasUnread: false } },
      { t: 'chat.removed', d: { id: 5 } },
    ];
    h.last().frame(frame('stream.batch', batch, 2));
    h.last().frame(frame('chat.removed', { id: 6 }, 3));
    expect(h.log.events.map((e) => [e.t, e.v])).toEqual([
      ['chat.unreadChanged', 1],
      ['chat.removed', 2],
      ['chat.unreadChanged', 2],
      ['chat.removed', 2],
      ['chat.removed', 3],
    ]);
    expect(h.log.resyncs).toEqual(['open']);
    // A batch with one event it cannot read is dropped whole: the next frame's version shows the gap.
    h.last().frame(
      frame(
        'stream.batch',
        [
          { t: 'chat.removed', d: { id: 7 } },
          { t: 'no.such.event', d: {} },
        ],
        4,
      ),
    );
    h.last().frame(frame('chat.removed', { id: 8 }, 5));
    expect(h.log.events.at(-1)).toEqual({ t: 'chat.removed', d: { id: 8 }, v: 5 });
    expect(h.log.events.filter((e) => e.t === 'chat.removed' && e.d.id === 7)).toEqual([]);
    expect(h.log.resyncs).toEqual(['open', 'gap']);
  });

  it('resyncs when a stream version is skipped', () => {
    const h = harness();
    h.connection.start();
    h.last().open();
    h.last().frame(frame('chat.unreadChanged', { hasUnread: true }, 1));
    h.last().frame(frame('chat.unreadChanged', { hasUnread: false }, 2));
    expect(h.log.resyncs).toEqual(['open']);
    h.last().frame(frame('chat.unreadChanged', { hasUnread: true }, 4));
    expect(h.log.resyncs).toEqual(['open', 'gap']);
    expect(h.log.events).toHaveLength(3);
  });

  it('reconnects with growing waits while it keeps failing, and numbers a new connection from 1', () => {
    const h = harness();
    h.connection.start();
    h.last().drop(1006);
    expect(h.log.statuses.at(-1)).toBe('down');
    const waits = [h.fireTimer()];
    for (let i = 0; i < 5; i++) {
      h.last().drop(1006);
      waits.push(h.fireTimer());
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    expect(h.sockets).toHaveLength(7);
    h.last().open();
    h.last().frame(frame('chat.unreadChanged', { hasUnread: true }, 1));
    expect(h.log.resyncs).toEqual(['open']);
  });

  it('starts the backoff over after a connection that stayed up', () => {
    const h = harness();
    h.connection.start();
    h.last().drop(1006);
    h.fireTimer();
    h.last().drop(1006);
    expect(h.fireTimer()).toBe(1000);
    h.last().open();
    h.advance(10_000);
    h.last().drop(1001);
    expect(h.fireTimer()).toBe(500);
  });

  it('signs out instead of reconnecting when the server closes with 4001', () => {
    const h = harness();
    h.connection.start();
    h.last().open();
    h.last().drop(4001);
    expect(h.log.sessionEnded).toBe(1);
    expect(h.timers).toHaveLength(0);
  });

  it('reconnects after 4008 (too many messages) and 1009 (too large)', () => {
    for (const code of [4008, 1009]) {
      const h = harness();
      h.connection.start();
      h.last().open();
      h.last().drop(code);
      h.fireTimer();
      expect(h.sockets).toHaveLength(2);
    }
  });

  it('stop closes the socket, cancels the reconnect and silences late callbacks', () => {
    const h = harness();
    h.connection.start();
    const first = h.last();
    first.open();
    h.connection.stop();
    expect(first.closedWith).toBe(1000);
    first.frame(frame('chat.unreadChanged', { hasUnread: true }, 1));
    expect(h.log.events).toEqual([]);

    const g = harness();
    g.connection.start();
    g.last().drop(1006);
    g.connection.stop();
    expect(g.timers.every((t) => t.cleared)).toBe(true);
  });

  it('retryNow skips the wait (the network came back)', () => {
    const h = harness();
    h.connection.start();
    h.last().drop(1006);
    h.connection.retryNow();
    expect(h.sockets).toHaveLength(2);
    expect(h.timers[0]?.cleared).toBe(true);
    h.connection.retryNow();
    expect(h.sockets).toHaveLength(2);
  });
});

describe('watching the Kernel', () => {
  it('says so beside presence, and again on every reconnect', () => {
    const h = harness();
    h.connection.setWatch('kernel', true); // the canvas mounted before the socket opened
    h.connection.start();
    h.last().open();
    h.connection.setWatch('presence', true);
    expect(h.last().sent.map((m) => JSON.parse(m) as unknown)).toEqual([
      { t: 'kernel.watch', d: { watching: true } },
      { t: 'presence.watch', d: { watching: true } },
    ]);
    h.connection.setWatch('kernel', false);
    h.last().drop(1006);
    h.fireTimer();
    h.last().open();
    expect(h.last().sent).toEqual([JSON.stringify({ t: 'presence.watch', d: { watching: true } })]);
  });
});

describe('presence watch', () => {
  const watch = (watching: boolean) => JSON.stringify({ t: 'presence.watch', d: { watching } });

  it('tells the server when a presence screen mounts and unmounts, once per change', () => {
    const h = harness();
    h.connection.start();
    h.last().open();
    expect(h.last().sent).toEqual([]);
    h.connection.setWatch('presence', true);
    h.connection.setWatch('presence', true);
    h.connection.setWatch('presence', false);
    expect(h.last().sent).toEqual([watch(true), watch(false)]);
  });

  it('says it again on every reconnect, before the resync refetches the list', () => {
    const h = harness();
    h.connection.setWatch('presence', true); // a Ping screen mounted before the socket opened
    h.connection.start();
    expect(h.last().sent).toEqual([]); // not open yet: nothing can be sent
    h.last().open();
    expect(h.last().sent).toEqual([watch(true)]);
    h.last().drop(1006);
    h.fireTimer();
    let sentAtResync: string[] = [];
    const socket = h.last();
    h.log.resyncs.length = 0;
    socket.onopen = ((original) => (event: Event) => {
      original?.(event);
      sentAtResync = [...socket.sent];
    })(socket.onopen);
    socket.open();
    expect(sentAtResync).toEqual([watch(true)]);
    expect(h.log.resyncs).toEqual(['open']);
  });

  it('sends nothing after the tab stopped watching and reconnected', () => {
    const h = harness();
    h.connection.start();
    h.last().open();
    h.connection.setWatch('presence', true);
    h.connection.setWatch('presence', false);
    h.last().drop(1006);
    h.fireTimer();
    h.last().open();
    expect(h.last().sent).toEqual([]);
  });
});
