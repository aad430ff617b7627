import type { User } from '../../core/api/common';
import type { Bus } from './bus';

/** user.updated to each player's own sockets: their stats changed on the server (decodes, rewards). */
export function publishUsersUpdated(bus: Bus, changed: User[]): void {
  // A group commit may hold several batches of one player; the last state is the one to show.
  const latest = new Map(changed.map((user) => [user.id, user]));
  bus.publishAll(
    [...latest.values()].map((user) => ({
      audience: { kind: 'users', userIds: [user.id] },
      event: { t: 'user.updated', d: user },
    })),
  );
}

export type SessionEnded = { sessionId: string; reason: 'logout' } | { userId: number; reason: 'banned' };

/** session.ended to one session's sockets (logout) or to all of a player's (ban); the hub then closes them. */
export function publishSessionEnded(bus: Bus, ended: SessionEnded): void {
  bus.publish({
    audience:
      'sessionId' in ended
        ? { kind: 'session', sessionId: ended.sessionId }
        : { kind: 'users', userIds: [ended.userId] },
    event: { t: 'session.ended', d: { reason: ended.reason } },
  });
}
