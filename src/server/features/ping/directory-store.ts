import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { users } from '../../db/schema';
import { isOnlineSql } from '../../realtime/presence-store';

// Who Ping's directory lists; the private messages and system lines are in store.ts.

/**
 * The built-in developer account's login ID (migration 0012): banned so nobody signs in as it, yet
 * listed in the directory, because it answers a Ping itself (ADR 063).
 */
export const developerLoginId = '~developer';

/** Who the directory lists: players in good standing, and the developer. */
const listedInDirectory = or(eq(users.banned, false), eq(users.loginId, developerLoginId));

const directoryColumns = (ttlMs: number) => ({
  id: users.id,
  username: users.username,
  isOnline: isOnlineSql(users.id, ttlMs),
});

/** Players for the directory, online ones first, then by name. Banned players are not listed. */
export async function directoryUsers(tx: Executor, limit: number, ttlMs: number) {
  const columns = directoryColumns(ttlMs);
  return tx
    .select(columns)
    .from(users)
    .where(listedInDirectory)
    .orderBy(desc(columns.isOnline), asc(sql`lower(${users.username})`), asc(users.id))
    .limit(limit);
}

/** One player by username, case-insensitively (usernames are unique that way). */
export async function directoryUser(tx: Executor, username: string, ttlMs: number) {
  const [row] = await tx
    .select(directoryColumns(ttlMs))
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, listedInDirectory))
    .limit(1);
  return row;
}
