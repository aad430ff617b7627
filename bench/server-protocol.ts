// The few messages the orchestrator and the server child exchange over IPC.

export interface ServerStats {
  cpuUserUs: number;
  cpuSystemUs: number;
  eluActiveMs: number;
  eluIdleMs: number;
  transactions: number;
  transactionMs: number;
  rssBytes: number;
}

export type ParentMessage = { type: 'stats'; id: number } | { type: 'close' };

export type ServerMessage =
  | { type: 'ready'; port: number }
  | { type: 'stats'; id: number; stats: ServerStats }
  | { type: 'closed' }
  | { type: 'error'; message: string };
