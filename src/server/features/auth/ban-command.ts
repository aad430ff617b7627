import type { Database } from '../../db/connect';
import type { BusLogger } from '../../realtime/bus';
import { connectOperatorBus, type OperatorRedis } from '../../realtime/operator-bus';
import { publishSessionEnded } from '../../realtime/notify';
import { createAuthService } from './service';

export interface BanCommandDeps {
  database: Database;
  /** The deployment's Redis bus (same URL, channel and secret as the servers), or null without Redis. */
  redis: OperatorRedis | null;
  log: BusLogger;
  /** How long to wait for Redis before banning without telling the servers (they notice within the session recheck). */
  connectTimeoutMs?: number;
}

export type BanOutcome = { banned: false } | { banned: true; loginId: string; username: string; socketsToldAtOnce: boolean };

/**
 * `npm run ban` from another process: marks the player banned and deletes their sessions, then
 * publishes session.ended for them on the deployment's signed Redis bus, so every instance closes
 * their sockets at once. Without Redis (a single server) the server's session recheck closes them
 * within balance.socketSessionRecheckMs; on the embedded database the server is stopped anyway.
 */
export async function banByLoginId(deps: BanCommandDeps, loginId: string): Promise<BanOutcome> {
  const { bus, connected } = await connectOperatorBus(deps.redis, 'ban', deps.log, deps.connectTimeoutMs);
  try {
    const auth = createAuthService({
      database: deps.database, now: Date.now, accountsPerIp: 0, loginAttemptsPerIp: 1, loginAttemptsPerLoginId: 1,
      ...(bus ? { onSessionEnded: (ended) => publishSessionEnded(bus, ended) } : {}),
    });
    try {
      const user = await auth.findUserByLoginId(loginId);
      if (!user) return { banned: false };
      await auth.ban(user.id);
      return { banned: true, loginId: user.loginId, username: user.username, socketsToldAtOnce: connected };
    } finally {
      auth.close();
    }
  } finally {
    // close() QUITs cleanly, so the session.ended published above reaches Redis before we exit.
    await bus?.close();
  }
}

