import WebSocket from 'ws';
import { send, type Target } from './http-client';
import type { Poll } from './idle-designs';
import type { BenchPlayer } from './players';

// One idle tab on the Mainframe, as a small simulation of the client: its polls on their
// intervals (like react-query's refetchInterval: a timer, whatever the previous answer did), and
// in the socket design its one /ws socket with a heartbeat. It mounts at a chosen moment and does
// its "once at start" calls then, as a tab that was just opened would.

export interface TabCounts {
  /** Answers by status, as the tab saw them (404 for the polls the server does not serve yet). */
  statuses: Record<string, number>;
  networkErrors: number;
  /** Socket frames as the tab saw them. */
  eventsReceived: number;
  pingsReceived: number;
  heartbeatsSent: number;
  socketClosedEarly: number;
}

export function emptyCounts(): TabCounts {
  return {
    statuses: {},
    networkErrors: 0,
    eventsReceived: 0,
    pingsReceived: 0,
    heartbeatsSent: 0,
    socketClosedEarly: 0,
  };
}

export interface IdleTab {
  stop(): Promise<void>;
}

const heartbeat = JSON.stringify({ t: 'heartbeat' });

export function mountTab(
  target: Target,
  player: BenchPlayer,
  options: {
    polls: Poll[];
    prefetch: boolean;
    socket: boolean;
    heartbeatMs: number;
    mountInMs: number;
    timeoutMs: number;
    counts: TabCounts;
  },
): IdleTab {
  const { counts } = options;
  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Set<Promise<void>>();
  let ws: WebSocket | null = null;
  let stopped = false;

  const get = async (path: string): Promise<void> => {
    try {
      const reply = await send(target, 'GET', path, {
        headers: { cookie: player.cookie, 'x-csrf-token': player.csrfToken },
        timeoutMs: options.timeoutMs,
      });
      counts.statuses[reply.status] = (counts.statuses[reply.status] ?? 0) + 1;
    } catch {
      counts.networkErrors += 1;
    }
  };
  const poll = (p: Poll): void => {
    if (stopped) return;
    // spec §7: "read queries also fetch it first" — the token GET, then the read, in sequence.
    const run = (async () => {
      if (options.prefetch && p.csrfPrefetch) await get('/api/auth/csrf-token');
      await get(p.path);
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  };

  const openSocket = (): void => {
    const origin = `http://127.0.0.1:${target.port}`;
    const socket = new WebSocket(`ws://127.0.0.1:${target.port}/ws`, {
      headers: { cookie: player.cookie, origin },
      perMessageDeflate: false,
      handshakeTimeout: 10_000,
    });
    ws = socket;
    socket.on('message', () => (counts.eventsReceived += 1));
    // The ws library answers pings with pongs by itself, as browsers do.
    socket.on('ping', () => (counts.pingsReceived += 1));
    socket.on('close', () => {
      if (!stopped) counts.socketClosedEarly += 1;
    });
    socket.on('error', () => {});
    if (options.heartbeatMs <= 0) return;
    timers.push(
      setInterval(() => {
        if (socket.readyState !== WebSocket.OPEN) return;
        socket.send(heartbeat);
        counts.heartbeatsSent += 1;
      }, options.heartbeatMs),
    );
  };

  timers.push(
    setTimeout(() => {
      if (stopped) return;
      if (options.socket) openSocket();
      for (const p of options.polls) {
        poll(p); // on mount
        timers.push(setInterval(() => poll(p), p.everyMs));
      }
    }, options.mountInMs),
  );

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      const socket = ws as WebSocket | null;
      if (socket && socket.readyState !== WebSocket.CLOSED) {
        const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
        socket.close(1000, 'tab closed');
        await Promise.race([closed, new Promise<void>((resolve) => setTimeout(resolve, 5000).unref())]);
        socket.terminate();
      }
      await Promise.all([...inFlight]);
    },
  };
}
