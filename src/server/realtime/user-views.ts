import type { User } from '../../core/api/common';
import type { Bus } from './bus';

/** What publishUserViews needs; a feature's own deps usually carry all of it. */
export interface UserViewDeps {
  bus: Bus;
  /** The player as every view shows them (auth service). */
  userView(userId: number): Promise<User>;
  /**
   * Many players' views in one read (auth service), a player gone absent: given, a call naming several
   * players reads them together (a batch of drone steps tells a hundred players at once, ADR 073).
   */
  userViews?(userIds: number[]): Promise<Map<number, User>>;
  /** Where a view that could not be read is noted, when the caller has a logger. */
  log?: { warn(details: object, message: string): void };
}

const notPublished = 'user.updated: the player view could not be read; not published';

/**
 * user.updated to each player's own sockets, with their view as it is now: called after a commit
 * that moved their Telnet, experience or stats, so their other tabs show it. Each player once, in
 * order. A view that cannot be read (a player deleted meanwhile has no screen to update) is logged
 * and skipped: the action has committed, and failing its answer would only make a retry replay it.
 */
export async function publishUserViews(deps: UserViewDeps, userIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(userIds)];
  const publish = (userId: number, view: User) =>
    deps.bus.publish({ audience: { kind: 'users', userIds: [userId] }, event: { t: 'user.updated', d: view } });
  if (deps.userViews && ids.length > 1) {
    try {
      const views = await deps.userViews(ids);
      for (const userId of ids) {
        const view = views.get(userId);
        if (view) publish(userId, view);
        else deps.log?.warn({ userId }, notPublished);
      }
    } catch (error) {
      deps.log?.warn({ err: error, userIds: ids }, notPublished);
    }
    return;
  }
  for (const userId of ids) {
    try {
      publish(userId, await deps.userView(userId));
    } catch (error) {
      deps.log?.warn({ err: error, userId }, notPublished);
    }
  }
}
