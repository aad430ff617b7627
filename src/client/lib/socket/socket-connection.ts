import { parseServerFrame, type ClientMessage, type ServerEvent, type WatchTopic } from '../../../core/api/events';
import {
  closeAction,
  nextAttempt,
  reconnectDelayMs,
  trackVersion,
  type BackoffConfig,
  type SocketStatus,
} from './socket-model';

/** The part of the browser's WebSocket this module uses, so tests can hand in a fake. */
export interface SocketLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** Why the cache must be refetched: a (re)connect, a gap in the stream version, or the server said so. */
export type ResyncReason = 'open' | 'gap' | 'interrupted';

export interface SocketConnectionDeps {
  url: string;
  open(url: string): SocketLike;
  backoff: BackoffConfig & { stableMs: number };
  random(): number;
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  onEvent(event: ServerEvent): void;
  onStatus(status: SocketStatus): void;
  onResync(reason: ResyncReason): void;
  /** The server closed the socket because the session is over (4001). */
  onSessionEnded(): void;
  warn(message: string, detail?: unknown): void;
}

export interface SocketConnection {
  /** Opens the socket (once); reconnects on its own from then on. */
  start(): void;
  /** Closes it for good (logout, sign-out, unmount): no reconnect, no more callbacks. */
  stop(): void;
  /** Skips the current backoff wait (the browser says the network is back). */
  retryNow(): void;
  /**
   * Whether this tab shows a topic (who is online, the Kernel): the server sends its events only to sockets
   * that said so. Told to the server now if the socket is up, and again after each reconnect.
   */
  setWatch(topic: WatchTopic, watching: boolean): void;
}

/**
 * One socket per tab (spec §7 /ws): every frame is parsed once here, at the edge, and anything that
 * does not parse is logged and dropped. It reconnects with exponential backoff and jitter, and asks for
 * a resync on every open (events may have been missed while down) and on any gap in the version.
 */
export function createSocketConnection(deps: SocketConnectionDeps): SocketConnection {
  let socket: SocketLike | null = null;
  let stopped = false;
  let started = false;
  let attempt = 0;
  let timer: unknown = null;
  let lastVersion = 0;
  let openedAt: number | null = null;
  const watching = new Set<WatchTopic>();

  function sendMessage(message: ClientMessage): void {
    if (socket && openedAt !== null) socket.send(JSON.stringify(message));
  }

  function connect(): void {
    timer = null;
    if (stopped) return;
    deps.onStatus('connecting');
    lastVersion = 0;
    openedAt = null;
    let ws: SocketLike;
    try {
      ws = deps.open(deps.url);
    } catch (error) {
      deps.warn('socket could not be opened', error);
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws || stopped) return;
      openedAt = deps.now();
      deps.onStatus('up');
      // Before the refetch the resync starts, so no presence change falls between the two.
      for (const topic of watching) sendMessage({ t: `${topic}.watch`, d: { watching: true } });
      deps.onResync('open');
    };
    ws.onmessage = (message) => {
      if (socket !== ws || stopped) return;
      // A frame carries one event or several (stream.batch, ADR 084): one stream version either way.
      const frame = typeof message.data === 'string' ? parseServerFrame(message.data) : null;
      if (!frame) {
        deps.warn('dropped a socket frame that does not parse', message.data);
        return;
      }
      const version = trackVersion(lastVersion, frame.v);
      lastVersion = version.last;
      for (const event of frame.events) deps.onEvent(event);
      if (version.gap) deps.onResync('gap');
    };
    ws.onerror = () => {
      // The close event follows and decides what happens next.
    };
    ws.onclose = (event) => {
      if (socket !== ws || stopped) return;
      socket = null;
      deps.onStatus('down');
      if (closeAction(event.code) === 'sign-out') {
        stopped = true;
        deps.onSessionEnded();
        return;
      }
      attempt = nextAttempt(attempt, openedAt === null ? null : deps.now() - openedAt, deps.backoff.stableMs);
      scheduleReconnect();
    };
  }

  function scheduleReconnect(): void {
    if (stopped) return;
    deps.onStatus('down');
    const delay = reconnectDelayMs(Math.max(0, attempt - 1), deps.random, deps.backoff);
    timer = deps.setTimer(connect, delay);
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      connect();
    },
    stop() {
      stopped = true;
      if (timer !== null) deps.clearTimer(timer);
      timer = null;
      const ws = socket;
      socket = null;
      if (ws) {
        ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
        ws.close(1000, 'signed out');
      }
    },
    retryNow() {
      if (stopped || socket || timer === null) return;
      deps.clearTimer(timer);
      attempt = 0;
      connect();
    },
    setWatch(topic, on) {
      if (on === watching.has(topic)) return;
      if (on) watching.add(topic);
      else watching.delete(topic);
      sendMessage({ t: `${topic}.watch`, d: { watching: on } });
    },
  };
}
