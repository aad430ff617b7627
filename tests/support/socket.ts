import WebSocket from 'ws';
import { parseServerFrame, type EventType, type ServerEvent, type ServerFrame } from '../../src/core/api/events';

export interface TestSocket {
  ws: WebSocket;
  /** Every event received so far, in order (those of one stream.batch carry its frame's version). */
  events: ServerEvent[];
  /** Every frame received so far, in order: its stream version and the events it carried. */
  frames: ServerFrame[];
  /** The next event of type `t` (matching `where`) not yet taken, waiting for it up to `timeoutMs`. */
  next<T extends EventType>(
    t: T,
    where?: (e: Extract<ServerEvent, { t: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<ServerEvent, { t: T }>>;
  /** The headers of the server's 101 answer (a WORKERS=n server names its worker in x-worker). */
  upgradeHeaders: Record<string, string | string[] | undefined>;
  /** Resolves with the close code and reason once the server (or we) closed it. */
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

/**
 * Sends what a tab sends when a screen showing who is online mounts, then waits until the
 * hub it reached counts one more presence watcher: only then do presence.changed frames come.
 */
export async function watchPresence(socket: TestSocket, hub: { stats(): { presenceWatchers: number } }): Promise<void> {
  const before = hub.stats().presenceWatchers;
  socket.ws.send(JSON.stringify({ t: 'presence.watch', d: { watching: true } }));
  const until = Date.now() + 5000;
  while (hub.stats().presenceWatchers <= before) {
    if (Date.now() > until) throw new Error('the hub never counted the presence watcher');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Sends what the Kernel screen sends when it mounts, and waits for the hub's answer: from then on every bit bought reaches it. */
export async function watchKernel(socket: TestSocket): Promise<void> {
  socket.ws.send(JSON.stringify({ t: 'kernel.watch', d: { watching: true } }));
  await socket.next('kernel.watchStarted');
}

/** The /ws address of a server listening at `baseUrl` (http://host:port). */
export const socketUrl = (baseUrl: string) => `${baseUrl.replace(/^http/, 'ws')}/ws`;

/** Opens a socket as a browser tab would: session cookie and this site's Origin. */
export function openSocket(baseUrl: string, cookie: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  const ws = new WebSocket(socketUrl(baseUrl), { headers: { cookie, origin: baseUrl, ...headers } });
  const events: ServerEvent[] = [];
  const frames: ServerFrame[] = [];
  const taken = new Set<ServerEvent>();
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    const frame = parseServerFrame(data.toString());
    if (!frame) throw new Error(`unparseable frame: ${data.toString()}`);
    frames.push(frame);
    events.push(...frame.events);
    waiters.forEach((w) => w());
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const socket: TestSocket = {
    ws,
    events,
    frames,
    upgradeHeaders: {},
    closed,
    next(t, where = () => true, timeoutMs = 5000) {
      type E = Extract<ServerEvent, { t: typeof t }>;
      const find = () => events.find((e): e is E => e.t === t && !taken.has(e) && where(e as E));
      return new Promise<E>((resolve, reject) => {
        const check = () => {
          const found = find();
          if (!found) return false;
          taken.add(found);
          waiters.delete(waiter);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const waiter = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no ${t} event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.t))}`));
        }, timeoutMs);
        if (!check()) waiters.add(waiter);
      });
    },
    async close() {
      if (ws.readyState === ws.CLOSED) return;
      ws.close();
      await closed;
    },
  };
  ws.once('upgrade', (res) => {
    socket.upgradeHeaders = res.headers;
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    // After the handshake an error (a close the server forced) shows in `closed`; before it, it fails the open.
    ws.on('error', reject);
    ws.once('unexpected-response', (_req, res) => {
      reject(new Error(`refused with ${res.statusCode}`));
      ws.terminate();
    });
  });
}

/** The HTTP status a refused handshake answered (or 101 if it was accepted, and then closed). */
export function handshakeStatus(baseUrl: string, headers: Record<string, string>): Promise<number> {
  const ws = new WebSocket(socketUrl(baseUrl), { headers });
  return new Promise((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => {
      resolve(101);
      ws.close();
    });
    ws.on('error', reject);
  });
}
