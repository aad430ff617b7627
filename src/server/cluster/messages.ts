import cluster from 'node:cluster';
import type { BusMessage } from '../realtime/bus';
import type { LeaseClaim } from '../realtime/socket-leases';

// What the cluster primary and its workers say to each other over the IPC channel (ADR 036).
// Every message carries `bb` so anything else on the channel (Node's own, a supervisor's) is ignored.

/** A worker's bus events (one, or a group commit's many), re-sent by the primary to every other worker. */
export interface BusRelayMessage {
  bb: 'bus';
  messages: BusMessage[];
}

/** A worker asks the primary's window counters (login, registration and every declared limit). */
export interface CounterRequest {
  bb: 'count';
  id: number;
  op: 'increment' | 'read' | 'clear';
  name: string;
  key: string;
  windowMs: number;
}

/** A worker asks the primary's socket leases (ADR 045). */
export interface LeaseRequest {
  bb: 'lease';
  id: number;
  op: 'acquire' | 'check' | 'release';
  leaseId: string;
  claims: LeaseClaim[];
}

/** The primary's answer to a counter or lease request: the count, or the index of the claim at its cap. */
export interface CounterAnswer {
  bb: 'count-answer';
  id: number;
  count: number;
}

export type WorkerMessage = BusRelayMessage | CounterRequest | LeaseRequest;
export type PrimaryMessage = BusRelayMessage | CounterAnswer;

/** Set by the primary in each worker's environment: the relay bus and shared counters answer there. */
export const workerMarker = 'BITBREACH_CLUSTER_WORKER';

/** Whether this process is a worker of a Bitbreach cluster primary (not of another supervisor's cluster). */
export function isClusterWorker(): boolean {
  return cluster.isWorker && process.env[workerMarker] === '1' && typeof process.send === 'function';
}

export function isBitbreachMessage(value: unknown): value is { bb: string } {
  return typeof value === 'object' && value !== null && typeof (value as { bb?: unknown }).bb === 'string';
}
