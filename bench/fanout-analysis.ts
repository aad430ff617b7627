import { parseServerFrame } from '../src/core/api/events';
import type { ServerProbes } from './server-protocol';
import type { ReceivedFrame } from './socket-fleet';
import { percentile } from './stats';

// What the fan-out phase reports, and how the recorded frames become deliveries: kept apart from
// the phase itself (chat-fanout.ts) so the measuring code stays short.

export interface Distribution {
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface FanoutResult {
  sockets: number;
  requestedSockets: number;
  players: number;
  socketsPerPlayer: number;
  openFailures: number;
  /** Whether the presence events of the opening had stopped before the lines started. */
  settled: boolean;
  openS: number;
  /** Sockets the server cut while they opened and settled, and during the lines (see ServerProbes.cuts). */
  closedWhileOpening: number;
  cutsWhileOpening: ServerProbes['cuts'];
  cutsDuringLines: ServerProbes['cuts'];
  /** Frames the fleet received while connecting and settling (presence.changed, mostly). */
  connectFrames: number;
  /**
   * Presence.changed frames while the players joined, how many reached sockets that never
   * asked for presence (must be 0), the watching sockets, and frames per joining player.
   */
  joinPresence: { frames: number; unasked: number; watchers: number; perPlayer: number };
  /** The server's event-loop delay during the lines (probes; 1 ms timer): the longest the loop was held. */
  serverLoopDelay: { maxMs: number; p99Ms: number };
  connectServerCpuS: number;
  lines: number;
  lineGapMs: number;
  senders: number;
  postStatuses: Record<string, number>;
  post: Distribution;
  /** Send → receipt over every (line × socket) delivery. */
  delivery: Distribution;
  deliveries: number;
  expectedDeliveries: number;
  missing: number;
  duplicates: number;
  /** Per line: send → first socket's receipt, and send → last socket's receipt. */
  firstReceipt: Distribution;
  lastReceipt: Distribution;
  /**
   * Per line, from the server's stamps (another process's clock, so approximate to a fraction of a
   * millisecond): send → published by the chat service; published → handed to every socket by the hub.
   */
  sendToPublish: Distribution;
  hubLoop: Distribution;
  /** Each measured line in order: POST answer, send → published, send → first and last socket (ms). */
  perLine: Array<{
    postMs: number | null;
    sendToPublishMs: number | null;
    firstMs: number | null;
    lastMs: number | null;
  }>;
  warmupLines: number;
  /** Frames of other types received during the lines (none expected: a line is one chat_message per socket). */
  otherFramesByType: Record<string, number>;
  badFrames: number;
  streamGaps: number;
  /** Sockets closed by the server during the lines. */
  closedEarly: number;
  /** Close codes of every socket closed before the bench closed it (opening and lines). */
  closeCodes: Record<string, number>;
  wallS: number;
  serverCpuPct: number;
  serverEluPct: number;
  serverCpuUsPerFrameSent: number;
  framesSent: number;
  loadGeneratorCpuPct: number;
  loadGeneratorEluPct: number;
  loadGeneratorLoopDelayP99Ms: number;
  loadGeneratorCpuUsPerFrame: number;
  postgresCpuPct: number | null;
  otherCpuPct: number | null;
  machineBusyPct: number | null;
}

/** One measured chat line: its text, when its POST left and came back, and the id it got. */
export interface Line {
  index: number;
  text: string;
  sentAt: number;
  answeredAt: number | null;
  status: number;
  id: number | null;
}

export function distribution(values: number[]): Distribution {
  const sorted = Float64Array.from(values).sort();
  const list = Array.from(sorted);
  return {
    p50Ms: percentile(list, 50),
    p90Ms: percentile(list, 90),
    p99Ms: percentile(list, 99),
    maxMs: list.length ? list[list.length - 1]! : NaN,
  };
}

/** Matches recorded frames to lines: first receipt per (line, socket), plus the odd ones out. */
export function matchDeliveries(frames: ReceivedFrame[], lines: Line[]) {
  const byId = new Map(lines.filter((l) => l.id !== null).map((l) => [l.id!, l]));
  const byText = new Map(lines.map((l) => [l.text, l]));
  const receipts = new Map<Line, Map<number, number>>(lines.map((l) => [l, new Map()]));
  const otherFramesByType: Record<string, number> = {};
  let badFrames = 0;
  let duplicates = 0;
  for (const frame of frames) {
    // Parsed with the same schema the client uses at its edge, so a frame it would drop counts as bad.
    const parsed = parseServerFrame(frame.text);
    if (!parsed) {
      badFrames += 1;
      continue;
    }
    for (const event of parsed.events) {
      if (event.t !== 'chat_message') {
        otherFramesByType[event.t] = (otherFramesByType[event.t] ?? 0) + 1;
        continue;
      }
      const line = byId.get(event.d.id) ?? byText.get(event.d.message);
      if (!line) continue;
      const seen = receipts.get(line)!;
      if (seen.has(frame.socket)) duplicates += 1;
      else seen.set(frame.socket, frame.at);
    }
  }
  return { receipts, otherFramesByType, badFrames, duplicates };
}
