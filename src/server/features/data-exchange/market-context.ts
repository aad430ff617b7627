import type { User } from '../../../core/api/common';
import type { Database, Tx } from '../../db/connect';
import { HttpError } from '../../http/errors';
import { runIdempotent, type AfterCommit, type IdempotentOutcome } from '../../idempotency';
import type { Bus } from '../../realtime/bus';
import { publishUserViews } from '../../realtime/user-views';

export interface MarketServiceDeps {
  database: Database;
  bus: Bus;
  now: () => number;
  /** A player as every view shows them (auth service), for user.updated after their Telnet moved. */
  userView(userId: number): Promise<User>;
}

type OwnerReason = 'market-listed' | 'market-bought' | 'market-sold' | 'market-returned';

/** What the market's actions share: built once by createMarketService and passed to each (ADR 080). */
export interface MarketContext {
  deps: MarketServiceDeps;
  publishEveryone(event: Parameters<Bus['publish']>[0]['event']): void;
  tellOwners(userIds: number[], reason: OwnerReason): void;
  /** user.updated to each player whose Telnet a sale moved (their stats panels show the new balance). */
  publishBalances(userIds: number[]): Promise<void>;
  /** One market action per key; its body answers 200 (refusals throw), its effects follow the commit (ADR 079). */
  once(
    userId: number,
    key: string,
    scope: string,
    request: unknown,
    work: (tx: Tx, afterCommit: AfterCommit) => Promise<unknown>,
  ): Promise<IdempotentOutcome>;
}

export function createMarketContext(deps: MarketServiceDeps): MarketContext {
  const { database, bus, now } = deps;
  return {
    deps,
    publishEveryone: (event) => bus.publish({ audience: { kind: 'everyone' }, event }),
    tellOwners: (userIds, reason) =>
      bus.publish({ audience: { kind: 'users', userIds }, event: { t: 'inventory.changed', d: { reason } } }),
    publishBalances: (userIds) => publishUserViews(deps, userIds),
    once: (userId, key, scope, request, work) =>
      runIdempotent(database, { userId, key, scope, request, now: now() }, async (tx, afterCommit) => ({
        statusCode: 200,
        body: await work(tx, afterCommit),
      })),
  };
}

export const refuse = (status: number, message: string): never => {
  throw new HttpError(status, message, { success: false });
};
