import type { User } from '../../../core/api/common';
import type { EventBody } from '../../../core/api/events';
import type { FsItem } from '../../../core/api/filesystem';
import { balance } from '../../../core/balance';
import { hackRefusal, type HackRefusal } from '../../../core/rules/terminal';
import { baseName, resolvePath, tokenName, type PathResult } from '../../../core/terminal/fs-path';
import { terminalTexts as t } from '../../../core/texts/terminal';
import type { Database, Db, Executor, Tx } from '../../db/connect';
import { HttpError } from '../../http/errors';
import type { DomainEvent, DomainEventEmitter } from '../../events/domain-events';
import type { Bus } from '../../realtime/bus';
import { publishUserViews } from '../../realtime/user-views';
import * as intrusionStore from './intrusion-store';
import * as store from './store';

export interface TerminalServiceDeps {
  database: Database;
  bus: Bus;
  now: () => number;
  /** spec §9: 60 s; tests and the e2e server inject a shorter limit. */
  intrusionTimeLimitMs?: number;
  userView(userId: number): Promise<User>;
  /**
   * Writes a system line into the victim's Ping (the Ping service's), inside the hack's transaction,
   * so it exists exactly when the hack does.
   */
  writeSystemLine(tx: Tx, userId: number, message: string, at: Date): Promise<void>;
  /** Where the Terminal reports what a player did (the missions listen, ADR 079); after commit. */
  events: DomainEventEmitter;
  /** The players a victim ignores (ignores service): their intrusion alerts come grouped (ADR 056). */
  ignoredIds(userId: number, tx: Executor): Promise<number[]>;
}

export const refuse = (status: number, message: string): never => {
  throw new HttpError(status, message, { success: false });
};

/** A resolved path, or the 400 that names what is wrong with it. */
export function resolved(cwd: string, input: string, options: { allowToken?: boolean } = {}): string {
  const result: PathResult = resolvePath(cwd, input, options);
  return result.ok ? result.path : refuse(400, t.pathErrors[result.error]);
}

/** One directory's entries as ls shows them: sub-directories, then the Token if it is here. */
export async function listing(tx: Executor, userId: number, path: string, tokenDir: string): Promise<FsItem[]> {
  const dirs = await store.childDirectories(tx, userId, path);
  const items: FsItem[] = dirs.map((p) => ({ name: baseName(p), path: p, type: 'directory' }));
  if (tokenDir === path)
    items.push({ name: tokenName, path: path === '/' ? `/${tokenName}` : `${path}/${tokenName}`, type: 'token' });
  return items;
}

/** An intrusion the player may still use: theirs, open, and inside its limit on the server's clock. */
export function usable(
  row: intrusionStore.IntrusionRow | undefined,
  userId: number,
  at: number,
): intrusionStore.IntrusionRow {
  if (!row || row.attackerId !== userId) return refuse(403, t.noActiveIntrusion);
  if (row.outcome !== 'active') return refuse(403, t.noActiveIntrusion);
  if (row.expiresAt.getTime() <= at) return refuse(403, t.sessionExpired);
  return row;
}

/** The player's level as stored now (never the session's cached copy, which may lag; ADR 035). */
export async function levelNow(tx: Executor, userId: number): Promise<number> {
  return (await store.findPlayer(tx, userId))!.level;
}

/** Fair-play refusal for this pair now, as a code, or null (the developer is never shielded); scan and ssh share it (ADR 067). */
export async function refusalOf(
  tx: Executor,
  attackerId: number,
  victimId: number,
  fs: Pick<store.FileSystemRow, 'isDeveloper' | 'hackedShieldUntil'>,
  at: number,
): Promise<HackRefusal | null> {
  if (fs.isDeveloper) return null;
  const victim = (await store.findPlayer(tx, victimId))!;
  // The attacker's level as stored now: the session's cached player may lag a level-up or a grant (ADR 035).
  const me = (await store.findPlayer(tx, attackerId))!;
  const since = new Date(at - balance.hackPerVictimWindowHours * 3_600_000);
  return hackRefusal({
    attackerLevel: me.level,
    victimLevel: victim.level,
    victimRegisteredAt: victim.createdAt.getTime(),
    victimHasHacked: await intrusionStore.hasHacked(tx, victimId),
    victimShieldUntil: fs.hackedShieldUntil?.getTime() ?? null,
    lastHackOfVictimAt: (await intrusionStore.lastHackSince(tx, attackerId, victimId, since))?.getTime() ?? null,
    now: at,
  });
}

/** Fair-play refusal for this pair now, in the player's words, or null. */
export async function shieldOf(
  tx: Executor,
  attackerId: number,
  victimId: number,
  fs: store.FileSystemRow,
  at: number,
): Promise<string | null> {
  const refusal = await refusalOf(tx, attackerId, victimId, fs, at);
  return refusal && t.hackRefusals[refusal];
}

/**
 * What every Terminal action takes first (ADR 080): the service's deps, the clock, the intrusion limit,
 * and the ways an action tells players what happened — socket events, balance pushes, domain events.
 */
export interface TerminalContext {
  deps: TerminalServiceDeps;
  db: Db;
  now: () => number;
  timeLimitMs: number;
  /** A socket event to these players' tabs, on every instance (call it after commit). */
  tell(userIds: number[], event: EventBody): void;
  /** user.updated for each player once (publishUserViews); after commit. */
  publishBalances(userIds: number[]): Promise<void>;
  /**
   * Awaited after commit, so the answer arrives with the reward already paid (balances the client reads are settled);
   * a listener's failure never undoes the action.
   */
  announce(event: DomainEvent): Promise<void>;
}

/** Builds the context once per service from its deps. */
export function terminalContext(deps: TerminalServiceDeps): TerminalContext {
  const { bus } = deps;
  return {
    deps,
    db: deps.database.db,
    now: deps.now,
    timeLimitMs: deps.intrusionTimeLimitMs ?? balance.sshTimeLimitSeconds * 1000,
    tell: (userIds, event) => bus.publish({ audience: { kind: 'users', userIds }, event }),
    publishBalances: (userIds) => publishUserViews(deps, userIds),
    announce: (event) => deps.events.emit(event),
  };
}
