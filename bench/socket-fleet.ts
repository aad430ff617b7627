import { performance } from 'node:perf_hooks';
import WebSocket, { type RawData } from 'ws';
import type { BenchPlayer } from './players';

// Many /ws sockets held by the load generator, opened the way a tab opens its one socket: the
// session cookie and this site's Origin (the server also accepts no Origin from non-browsers, but
// a browser always sends one, so the Origin check is part of what is measured).
//
// The message handler is the hot path of the fan-out: 2,000 sockets receive each line within a
// few milliseconds, on this process's single thread. It stamps the time first, then does the
// least it can (a stream-version check by string search and a push); frames are parsed only after
// the measurement. A frame may carry several events (stream.batch, ADR 084): events are counted by
// searching for their envelopes in the text. A late handler still shows up as latency — the report says how busy this
// process was, so its share can be told apart from the server's.

export interface FleetSocket {
  index: number;
  player: BenchPlayer;
  ws: WebSocket;
  /** Stream version of the last frame: each frame must carry the previous one + 1. */
  lastV: number;
  gaps: number;
  watchesPresence: boolean;
  /** Whether the tab shows the Kernel right now (it said kernel.watch). */
  watchesKernel: boolean;
}

function occurrences(text: string, part: string): number {
  let count = 0;
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + part.length)) count += 1;
  return count;
}

/** How many events of type `t` a frame's text carries (a lone event, or several in a stream.batch). */
export function countEvents(text: string, t: string): number {
  return occurrences(text, `{"t":"${t}"`);
}

/** Every event a frame carries: its own, or those of a stream.batch (not validated: the bench's own read). */
export function frameEvents(text: string): Array<{ t: string; d: unknown }> {
  const frame = JSON.parse(text) as { t: string; d: unknown };
  return frame.t === 'stream.batch' ? (frame.d as Array<{ t: string; d: unknown }>) : [frame];
}

/** A frame received while recording: which socket, when (performance.now()), and its text. */
export interface ReceivedFrame {
  socket: number;
  at: number;
  text: string;
}

const presencePrefix = '{"t":"presence.changed"';
const batchPrefix = '{"t":"stream.batch"';

export class SocketFleet {
  readonly sockets: FleetSocket[] = [];
  /** Frames received since opening, recorded or not. */
  frames = 0;
  /** Events those frames carried (more than frames once several share a frame). */
  events = 0;
  /** presence.changed frames received since opening, and how many of them reached a socket that never asked for presence. */
  presenceFrames = 0;
  presenceFramesUnasked = 0;
  /** Sockets that closed before the bench closed them (the server cut or refused them). */
  closedEarly = 0;
  /** Close codes (and reasons) of those sockets: 4008 rate limit, 4001 session ended, 1006 cut. */
  closeCodes: Record<string, number> = {};
  openFailures: string[] = [];
  private recording: ReceivedFrame[] | null = null;
  private chatSeen = 0;
  private closing = false;
  private watchedType = 'chat_message';

  private constructor(private readonly port: number) {}

  /**
   * Opens `count` sockets, `perPlayer` per player (one per tab), `concurrency` handshakes at a
   * time. Sockets are spread round-robin over players, so every player is online early.
   */
  static async open(
    port: number,
    players: BenchPlayer[],
    options: {
      count: number;
      concurrency: number;
      timeoutMs: number;
      presenceWatchEvery?: number;
      /** Every how many sockets one shows the Kernel from the start (a fan-out bench); the soak watches per visit instead. */
      kernelWatchEvery?: number;
    },
  ): Promise<SocketFleet> {
    const fleet = new SocketFleet(port);
    let next = 0;
    const deadline = performance.now() + options.timeoutMs;
    async function worker(): Promise<void> {
      while (next < options.count && performance.now() < deadline) {
        const index = next++;
        try {
          const watches = options.presenceWatchEvery ? index % options.presenceWatchEvery === 0 : false;
          const socket = await fleet.openOne(index, players[index % players.length]!, watches);
          fleet.sockets.push(socket);
          if (options.kernelWatchEvery && index % options.kernelWatchEvery === 0) fleet.watchKernel(socket, true);
        } catch (error) {
          fleet.openFailures.push((error as Error).message);
        }
      }
    }
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    fleet.sockets.sort((a, b) => a.index - b.index);
    return fleet;
  }

  /** `watchesPresence`: the tab shows who is online and says so at once, as the Ping screen does. */
  private openOne(index: number, player: BenchPlayer, watchesPresence = false): Promise<FleetSocket> {
    const origin = `http://127.0.0.1:${this.port}`;
    const ws = new WebSocket(`ws://127.0.0.1:${this.port}/ws`, {
      headers: { cookie: player.cookie, origin },
      perMessageDeflate: false,
      handshakeTimeout: 10_000,
    });
    const socket: FleetSocket = { index, player, ws, lastV: 0, gaps: 0, watchesPresence, watchesKernel: false };
    ws.on('message', (data: RawData) => this.receive(socket, data));
    return new Promise((resolve, reject) => {
      ws.once('open', () => {
        ws.on('close', (code, reason) => {
          if (this.closing) return;
          this.closedEarly += 1;
          const key = `${code}${reason.length ? ` ${reason.toString()}` : ''}`;
          this.closeCodes[key] = (this.closeCodes[key] ?? 0) + 1;
        });
        if (watchesPresence) ws.send(JSON.stringify({ t: 'presence.watch', d: { watching: true } }));
        resolve(socket);
      });
      ws.once('unexpected-response', (_request, response) => {
        reject(new Error(`handshake refused with ${response.statusCode}`));
        ws.terminate();
      });
      ws.on('error', (error) => reject(error));
    });
  }

  private receive(socket: FleetSocket, data: RawData): void {
    const at = performance.now();
    const text = data.toString();
    this.frames += 1;
    // Inside a batch every event opens with {"t":" (a quote in the data is escaped, so never matches).
    this.events += text.startsWith(batchPrefix) ? occurrences(text, '{"t":"') - 1 : 1;
    if (text.includes(presencePrefix)) {
      this.presenceFrames += 1;
      if (!socket.watchesPresence) this.presenceFramesUnasked += 1;
    }
    // Frames end with ,"v":<n>} (the hub appends it): no JSON.parse on the hot path.
    const v = Number(text.slice(text.lastIndexOf('"v":') + 4, -1));
    if (v !== socket.lastV + 1) socket.gaps += 1;
    socket.lastV = v;
    if (this.recording) {
      this.recording.push({ socket: socket.index, at, text });
      this.chatSeen += countEvents(text, this.watchedType);
    }
  }

  /** `watch`: the frame type counted by chatFramesSeen (chat_message unless another part asks, e.g. grid_update). */
  startRecording(watch = 'chat_message'): void {
    this.watchedType = watch;
    this.recording = [];
    this.chatSeen = 0;
  }

  /** Events of the watched type (chat_message by default) received since recording started (any socket). */
  get chatFramesSeen(): number {
    return this.chatSeen;
  }

  stopRecording(): ReceivedFrame[] {
    const frames = this.recording ?? [];
    this.recording = null;
    return frames;
  }

  /** Tells the server this socket's tab shows the Kernel, or no longer does, as the Kernel screen does on mount and unmount. */
  watchKernel(socket: FleetSocket, watching: boolean): void {
    if (socket.watchesKernel === watching || socket.ws.readyState !== WebSocket.OPEN) return;
    socket.watchesKernel = watching;
    socket.ws.send(JSON.stringify({ t: 'kernel.watch', d: { watching } }));
  }

  /** Sockets whose tab shows the Kernel right now. */
  get kernelWatchers(): number {
    return this.sockets.filter((s) => s.watchesKernel).length;
  }

  get streamGaps(): number {
    return this.sockets.reduce((n, s) => n + s.gaps, 0);
  }

  /** Closes every socket, waiting up to `timeoutMs` for the close handshakes; stragglers are cut. */
  async close(timeoutMs: number): Promise<void> {
    this.closing = true;
    const open = this.sockets.filter((s) => s.ws.readyState !== WebSocket.CLOSED);
    const closed = Promise.all(
      open.map(
        (s) =>
          new Promise<void>((resolve) =>
            s.ws.readyState === WebSocket.CLOSED ? resolve() : s.ws.once('close', () => resolve()),
          ),
      ),
    );
    for (const s of open) s.ws.close(1000, 'bench done');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
    for (const s of this.sockets) if (s.ws.readyState !== WebSocket.CLOSED) s.ws.terminate();
  }
}
