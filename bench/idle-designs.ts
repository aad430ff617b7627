import { infra } from '../src/core/infra';

// What an idle tab on the Mainframe asks the server, in the two designs compared. The
// polling list is the spec's (§7 calls, §9 intervals), restricted to what is mounted on the
// Mainframe: the grid polls only on the Kernel, the optimizer (5 s) and the boss only on their
// screens, private messages (3 s) only with a conversation open, the user list (10 s) only on Ping.

export interface Poll {
  path: string;
  everyMs: number;
  /** spec §7: every call but auth user / csrf-token / register / login / logout fetches the token first. */
  csrfPrefetch: boolean;
  /** Not served yet (its feature arrives in a later issue): it answers 404 but is still a request. */
  notServedYet?: true;
}

/** spec §7/§9, the Mainframe with the socket down: the fallback the issue keeps, and the spec's only design. */
export const specMainframePolls: Poll[] = [
  { path: '/api/chat/messages', everyMs: 5000, csrfPrefetch: true },
  { path: '/api/chat/unread', everyMs: 5000, csrfPrefetch: true },
  { path: '/api/directories/unread', everyMs: 5000, csrfPrefetch: true },
  { path: '/api/missions/status', everyMs: 5000, csrfPrefetch: true },
  { path: '/api/auth/user', everyMs: infra.sessionCheckMs, csrfPrefetch: false },
  // "Background drone/optimizer check" every 15 s: two calls, drone status and optimizer status.
  { path: '/api/drone/status', everyMs: 15_000, csrfPrefetch: true },
  { path: '/api/optimizer/status', everyMs: 15_000, csrfPrefetch: true },
];

/**
 * With the socket up, events replace every poll above, the 5 s session check included (the
 * server pushes session.ended and a dead socket counts as a failed check; proven in a
 * real browser by tests/e2e/idle-requests.e2e.ts). The hub's pings and their pongs travel on the
 * socket and are counted as frames, not requests.
 */
export const socketUpPolls: Poll[] = [];

/** The three runs of (b): the socket up, and the spec's polling with and without its token prefetch. */
export type IdleDesign = 'socket up' | 'polling, token cached (ADR 008)' | 'polling, token before each read (spec §7)';

export const idleDesigns: Array<{ design: IdleDesign; polls: Poll[]; socket: boolean; prefetch: boolean }> = [
  { design: 'socket up', polls: socketUpPolls, socket: true, prefetch: false },
  { design: 'polling, token cached (ADR 008)', polls: specMainframePolls, socket: false, prefetch: false },
  { design: 'polling, token before each read (spec §7)', polls: specMainframePolls, socket: false, prefetch: true },
];

/** Requests per idle player-minute the design should produce, to check the measured count against. */
export function expectedPerPlayerMinute(polls: Poll[], prefetch: boolean): number {
  return polls.reduce((n, p) => n + (60_000 / p.everyMs) * (prefetch && p.csrfPrefetch ? 2 : 1), 0);
}
