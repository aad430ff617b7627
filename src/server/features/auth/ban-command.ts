import type { Database } from '../../db/connect';
import type { BusLogger } from '../../realtime/bus';
import { connectOperatorBus, type OperatorRedis } from '../../realtime/operator-bus';
import { publishSessionEnded } from '../../realtime/notify';
import { setBan } from '../admin/ban';
import { createAuthService } from './service';

export interface BanCommandDeps {
  database: Database;
  /** The deployment's Redis bus (same URL, channel and secret as the servers), or null without Redis. */
  redis: OperatorRedis | null;
  log: BusLogger;
  /** How long to wait for Redis before banning without telling the servers (they notice within the session recheck). */
  connectTimeoutMs?: number;
  now?: () => number;
}

export type BanOutcome =
  { banned: false } | { banned: true; loginId: string; username: string; socketsToldAtOnce: boolean };

/**
 * `npm run ban` (and `npm run unban`, `undo`) from another process: the console's own ban action with the
 * actor `cli:ban` / `cli:unban`, so it writes the same audit row (ADR 059). A ban marks the player banned and
 * deletes their sessions, then publishes session.ended for them on the deployment's signed Redis bus, so
 * every instance closes their sockets at once. Without Redis (a single server) the server's session recheck
 * closes them within infra.socketSessionRecheckMs; on the embedded database the server is stopped anyway.
 */
export async function banByLoginId(
  deps: BanCommandDeps,
  loginId: string,
  options: { reason?: string; undo?: boolean } = {},
): Promise<BanOutcome> {
  const command = options.undo ? 'unban' : 'ban';
  const { bus, connected } = await connectOperatorBus(
    options.undo ? null : deps.redis,
    command,
    deps.log,
    deps.connectTimeoutMs,
  );
  try {
    const now = deps.now ?? Date.now;
    const auth = createAuthService({
      database: deps.database,
      now,
      accountsPerIp: 0,
      loginAttemptsPerIp: 1,
      loginAttemptsPerLoginId: 1,
      ...(bus ? { onSessionEnded: (ended) => publishSessionEnded(bus, ended) } : {}),
    });
    try {
      const user = await auth.findUserByLoginId(loginId);
      if (!user) return { banned: false };
      const reason = options.reason?.trim() || `${command} from the server shell`;
      const request = {
        actor: { kind: 'cli', command } as const,
        targetUserId: user.id,
        banned: !options.undo,
        reason,
      };
      const outcome = await setBan({ database: deps.database, now, sessions: auth }, request);
      if (outcome.kind !== 'done') return { banned: false };
      return { banned: true, loginId: user.loginId, username: user.username, socketsToldAtOnce: connected };
    } finally {
      auth.close();
    }
  } finally {
    // close() QUITs cleanly, so the session.ended published above reaches Redis before we exit.
    await bus?.close();
  }
}
