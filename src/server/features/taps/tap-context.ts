import type { User } from '../../../core/api/common';
import type { TapBatchBody, TapBatchResponse } from '../../../core/api/game';
import type { Database } from '../../db/connect';

export type TapOutcome =
  | { kind: 'counted'; response: TapBatchResponse }
  | { kind: 'duplicate'; user: User }
  | { kind: 'refused'; retryAfterMs: number }
  | { kind: 'gone' };

export interface TapRequest {
  userId: number;
  body: TapBatchBody;
}

export interface TapServiceDeps {
  database: Database;
  now: () => number;
  random: () => number;
  /** Concurrent group transactions: 1 on PGlite (one connection), a few on PostgreSQL. */
  maxConcurrentGroups: number;
  /** The tap-rate ceiling; balance's by default, raised only by load and race tests. */
  tapRate?: { refillPerSecond: number; capacity: number };
  /** Told after a group commits, with the new stats of every player whose decodes counted. */
  onCommitted?: (users: User[]) => void;
  /** Told each group's size as it starts (the operator's group-commit metric). */
  onGroup?: (size: number) => void;
}

/** What the taps actions share: built once by createTapService and passed to each (ADR 080). */
export interface TapContext {
  deps: TapServiceDeps;
  tapRate: { refillPerSecond: number; capacity: number };
}
