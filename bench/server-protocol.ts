// The few messages the orchestrator and the server child exchange over IPC.

export interface ServerStats {
  cpuUserUs: number;
  cpuSystemUs: number;
  eluActiveMs: number;
  eluIdleMs: number;
  transactions: number;
  transactionMs: number;
  /** Socket writes to PostgreSQL (postgres.js flushes once per round trip, pipelined statements together). */
  dbWrites: number;
  rssBytes: number;
}

/** Counters of the realtime part (bench/server-probes.ts), cumulative since the server started. */
export interface ServerProbes {
  /** HTTP requests received, by "METHOD /path" (query stripped). */
  requests: Record<string, number>;
  /** WebSocket frames as the server saw them. */
  frames: { eventsSent: number; pingsSent: number; pongsReceived: number; messagesReceived: number };
  /** Sockets the hub terminated: send buffer past its cap, or no pong between two heartbeats. */
  cuts: { sendBufferFull: number; missedPong: number };
  /** Events published on the bus, by type. */
  busEvents: Record<string, number>;
  /** Epoch ms of the latest publish (0 if none): the bench waits for quiet before measuring. */
  lastPublishAt: number;
  hub: { sockets: number; users: number; presenceWatchers: number };
  /** Per chat line: when the chat service published it, and when the hub had sent it to every socket (epoch ms). */
  chatFanouts: Array<{ id: number; publishedAt: number; fannedOutAt: number | null }>;
  /** The server's event-loop delay since the previous probes read (each read resets it), in ms. */
  loopDelay: { maxMs: number; p99Ms: number };
}

export type ParentMessage = { type: 'stats'; id: number } | { type: 'probes'; id: number } | { type: 'close' };

export type ServerMessage =
  | { type: 'ready'; port: number }
  | { type: 'stats'; id: number; stats: ServerStats }
  | { type: 'probes'; id: number; probes: ServerProbes | null }
  | { type: 'closed' }
  | { type: 'error'; message: string };
