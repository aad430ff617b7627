import type { User } from '../../../core/api/common';
import type { EventBody } from '../../../core/api/events';
import type { BuyDirectoryBody, Contents, ContentsQuery, FsItem, FsStatus, HackBody, OperationBody, SshBody, SshResult } from '../../../core/api/filesystem';
import { balance } from '../../../core/balance';
import type { MissionId } from '../../../core/rules/missions';
import { extraDirectoryPrice, hackAmount, hackRefusal, maxDirectories, minutesLeft } from '../../../core/rules/terminal';
import { baseName, parentOf, resolvePath, tokenName, type PathResult } from '../../../core/terminal/fs-path';
import { parseMove } from '../../../core/terminal/terminal-commands';
import { pingTexts } from '../../../core/texts/ping';
import { terminalTexts as t } from '../../../core/texts/terminal';
import type { Database, Executor, Tx } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { HttpError } from '../../http/errors';
import { runIdempotent } from '../../idempotency';
import { scheduleJob, type Job } from '../../jobs';
import type { Bus } from '../../realtime/bus';
import { balanceOf, debit, transfer } from '../../wallet';
import * as store from './store';

export interface TerminalServiceDeps {
  database: Database;
  bus: Bus;
  now: () => number;
  /** spec §9: 60 s; tests and the e2e server inject a shorter limit. */
  intrusionTimeLimitMs?: number;
  userView(userId: number): Promise<User>;
  /**
   * issue 10 item 5: writes a system line into the victim's Ping (the Ping service's), inside the hack's
   * transaction, so it exists exactly when the hack does.
   */
  writeSystemLine(tx: Tx, userId: number, message: string, at: Date): Promise<void>;
  /** Completes a Terminal mission from the real action (missions service); best effort after commit. */
  completeMission(userId: number, missionId: MissionId): Promise<void>;
}

const refuse = (status: number, message: string): never => {
  throw new HttpError(status, message, { success: false });
};

/** A resolved path, or the 400 that names what is wrong with it. */
function resolved(cwd: string, input: string, options: { allowToken?: boolean } = {}): string {
  const result: PathResult = resolvePath(cwd, input, options);
  return result.ok ? result.path : refuse(400, t.pathErrors[result.error]);
}

/** One directory's entries as ls shows them: sub-directories, then the Token if it is here. */
async function listing(tx: Executor, userId: number, path: string, tokenDir: string): Promise<FsItem[]> {
  const dirs = await store.childDirectories(tx, userId, path);
  const items: FsItem[] = dirs.map((p) => ({ name: baseName(p), path: p, type: 'directory' }));
  if (tokenDir === path) items.push({ name: tokenName, path: path === '/' ? `/${tokenName}` : `${path}/${tokenName}`, type: 'token' });
  return items;
}

/**
 * The Terminal's file systems and intrusions (issue 10, docs/game-rules.md §18, ADR 026–028). Every
 * path is resolved by core/terminal/fs-path.ts before SQL sees it; an intrusion's limit is a
 * timestamp checked on every command (the jobs runner only closes it for the log); a hack moves
 * Telnet through the wallet under both players' row locks, once per Idempotency-Key.
 */
export function createTerminalService(deps: TerminalServiceDeps) {
  const { database, bus, now } = deps;
  const { db } = database;
  const timeLimitMs = deps.intrusionTimeLimitMs ?? balance.sshTimeLimitSeconds * 1000;
  const tell = (userIds: number[], event: EventBody) => bus.publish({ audience: { kind: 'users', userIds }, event });
  async function publishBalances(userIds: number[]) {
    for (const userId of userIds) {
      try {
        tell([userId], { t: 'user.updated', d: await deps.userView(userId) });
      } catch {
        // A player deleted meanwhile has no screen to update.
      }
    }
  }
  // Awaited after commit, so the answer arrives with the reward already paid (balances the client reads are settled);
  // a failure never undoes the action.
  const complete = (userId: number, missionId: MissionId): Promise<void> => deps.completeMission(userId, missionId).catch(() => undefined);

  /** An intrusion the player may still use: theirs, open, and inside its limit on the server's clock. */
  function usable(row: store.IntrusionRow | undefined, userId: number, at: number): store.IntrusionRow {
    if (!row || row.attackerId !== userId) return refuse(403, t.noActiveIntrusion);
    if (row.outcome !== 'active') return refuse(403, t.noActiveIntrusion);
    if (row.expiresAt.getTime() <= at) return refuse(403, t.sessionExpired);
    return row;
  }

  /** The player's level as stored now (never the session's cached copy, which may lag; ADR 035). */
  async function levelNow(tx: Executor, userId: number): Promise<number> {
    return (await store.findPlayer(tx, userId))!.level;
  }

  /** Fair-play refusal for this pair now, or null (the developer is never shielded). */
  async function shieldOf(tx: Executor, attacker: { id: number }, victimId: number, fs: store.FileSystemRow, at: number) {
    if (fs.isDeveloper) return null;
    const victim = (await store.findPlayer(tx, victimId))!;
    // The attacker's level as stored now: the session's cached player may lag a level-up or a grant (ADR 035).
    const me = (await store.findPlayer(tx, attacker.id))!;
    const since = new Date(at - balance.hackPerVictimWindowHours * 3_600_000);
    const refusal = hackRefusal({
      attackerLevel: me.level,
      victimLevel: victim.level,
      victimRegisteredAt: victim.createdAt.getTime(),
      victimShieldUntil: fs.hackedShieldUntil?.getTime() ?? null,
      lastHackOfVictimAt: (await store.lastHackSince(tx, attacker.id, victimId, since))?.getTime() ?? null,
      now: at,
    });
    return refusal && t.hackRefusals[refusal];
  }

  return {
    /** POST /api/filesystem/ssh: root on one's own system, or an intrusion on another's (spec §4). */
    async ssh(user: User, body: SshBody): Promise<SshResult> {
      const at = now();
      const target = await store.findPlayerByUsername(db, body.target);
      if (!target) return refuse(404, t.targetNotFound);
      if (target.id === user.id) {
        if (body.mode === 'intrusion') return refuse(400, t.invalidTarget);
        const { items, first } = await db.transaction(async (tx) => {
          await store.ensureFileSystem(tx, user.id);
          const fs = (await store.readFileSystem(tx, user.id))!;
          return { items: await listing(tx, user.id, '/', fs.tokenDir), first: await store.stampEvidence(tx, user.id, 'sshedSelfAt', new Date(at)) };
        });
        if (first) await complete(user.id, 'ssh_self_root');
        return { success: true, message: t.rootOpened(user.username), mode: 'root', target: user.username, fileSystem: items, currentPath: '/', targetIsDeveloper: false, intrusionId: null, timeLimit: null, expiresAt: null };
      }
      if (body.mode === 'root') return refuse(403, t.accessDenied);
      const result = await db.transaction(async (tx) => {
        await store.ensureFileSystem(tx, user.id);
        await store.ensureFileSystem(tx, target.id);
        const developerBox = (await store.readFileSystem(tx, target.id))!.isDeveloper;
        // A banned player's box is gone; the developer's (banned so it cannot log in) stays open.
        if (target.banned && !developerBox) return refuse(404, t.targetNotFound);
        const mine = (await store.lockFileSystem(tx, user.id))!;
        if (mine.sshCooldownUntil && mine.sshCooldownUntil.getTime() > at) return refuse(403, t.sshCooldown(minutesLeft(mine.sshCooldownUntil.getTime(), at)));
        const theirs = (await store.readFileSystem(tx, target.id))!;
        const shield = await shieldOf(tx, user, target.id, theirs, at);
        if (shield) return refuse(403, shield);
        await store.closeOpenIntrusionsOf(tx, user.id, new Date(at));
        const expiresAt = new Date(at + timeLimitMs);
        const intrusionId = await store.insertIntrusion(tx, { attackerId: user.id, victimId: target.id, startedAt: new Date(at), expiresAt });
        await scheduleJob(tx, { kind: 'terminal.intrusionExpired', payload: { intrusionId }, runAt: expiresAt, dedupeKey: `intrusion:${intrusionId}` });
        return { intrusionId, expiresAt, items: await listing(tx, target.id, '/', theirs.tokenDir), isDeveloper: theirs.isDeveloper };
      });
      tell([target.id], { t: 'terminal.intrusionStarted', d: { intrusionId: result.intrusionId, attackerUsername: user.username, expiresAt: result.expiresAt.toISOString() } });
      return {
        success: true,
        message: t.intrusionOpened(target.username, Math.round(timeLimitMs / 1000)),
        mode: 'intrusion',
        target: target.username,
        fileSystem: result.items,
        currentPath: '/',
        targetIsDeveloper: result.isDeveloper,
        intrusionId: result.intrusionId,
        timeLimit: Math.max(1, Math.round(timeLimitMs / 1000)),
        expiresAt: result.expiresAt.toISOString(),
      };
    },

    /** GET /api/filesystem/contents: one directory of one's own system, or of the target's during an intrusion. */
    async contents(user: User, query: ContentsQuery): Promise<Contents> {
      const path = resolved('/', query.path ?? '/');
      const at = now();
      return db.transaction(async (tx) => {
        let ownerId = user.id;
        if (query.intrusionId !== undefined) {
          const intrusion = usable(await store.lockIntrusion(tx, query.intrusionId), user.id, at);
          ownerId = intrusion.victimId;
        } else {
          await store.ensureFileSystem(tx, user.id);
        }
        const fs = (await store.readFileSystem(tx, ownerId))!;
        if (!(await store.directoryExists(tx, ownerId, path))) return refuse(404, t.directoryNotFound);
        if (query.intrusionId !== undefined) await store.countDirectoryOpened(tx, query.intrusionId);
        return { path, contents: await listing(tx, ownerId, path, fs.tokenDir) };
      });
    },

    /** POST /api/filesystem/operation: mkdir, mv (the Token only) and rm, on one's own system only. */
    async operation(user: User, body: OperationBody) {
      const at = now();
      const { message, path, items, evidence } = await db.transaction(async (tx) => {
        await store.ensureFileSystem(tx, user.id);
        const fs = (await store.lockFileSystem(tx, user.id))!;
        if (body.command === 'mkdir') {
          const path = resolved('/', body.target);
          if (path === '/' || (await store.directoryExists(tx, user.id, path))) return refuse(409, t.directoryExists);
          if (!(await store.directoryExists(tx, user.id, parentOf(path)))) return refuse(404, t.directoryNotFound);
          const max = maxDirectories((await levelNow(tx, user.id)), fs.extraDirectories);
          if ((await store.countDirectories(tx, user.id)) >= max) return refuse(403, t.directoryLimit(max));
          await store.insertDirectory(tx, user.id, path, new Date(at));
          const first = await store.stampEvidence(tx, user.id, 'createdDirectoryAt', new Date(at));
          return { message: t.directoryCreated(path), path, items: await listing(tx, user.id, parentOf(path), fs.tokenDir), evidence: first ? ('create_directory' as const) : null };
        }
        if (body.command === 'mv') {
          const move = parseMove(`${body.target} ${body.newName ?? ''}`);
          if (!move) return refuse(400, t.missingPath);
          const source = resolved('/', move.source, { allowToken: true });
          if (baseName(source) !== tokenName) return refuse(400, t.onlyTokenMoves);
          if (parentOf(source) !== fs.tokenDir) return refuse(404, t.invalidPath);
          if (move.isRename) return refuse(400, t.tokenCannotBeRenamed);
          const destination = resolved('/', move.destination);
          if (!(await store.directoryExists(tx, user.id, destination))) return refuse(404, t.directoryNotFound);
          if (destination === fs.tokenDir) return refuse(409, t.tokenAlreadyThere);
          await store.updateFileSystem(tx, user.id, { tokenDir: destination });
          const first = destination !== '/' && (await store.stampEvidence(tx, user.id, 'movedTokenAt', new Date(at)));
          return { message: t.tokenMoved(destination), path: destination, items: await listing(tx, user.id, destination, destination), evidence: first ? ('move_token' as const) : null };
        }
        const path = resolved('/', body.target, { allowToken: true });
        if (baseName(path) === tokenName) return refuse(400, t.cannotRemoveToken);
        if (path === '/') return refuse(400, t.cannotRemoveRoot);
        if (!(await store.directoryExists(tx, user.id, path))) return refuse(404, t.directoryNotFound);
        const holdsToken = fs.tokenDir === path || fs.tokenDir.startsWith(`${path}/`);
        if (holdsToken || (await store.hasSubdirectories(tx, user.id, path))) return refuse(409, t.directoryNotEmpty);
        await store.deleteDirectory(tx, user.id, path);
        return { message: t.removed(path), path, items: await listing(tx, user.id, parentOf(path), fs.tokenDir), evidence: null };
      });
      if (evidence) await complete(user.id, evidence);
      return { success: true as const, message, path, fileSystem: items };
    },

    /**
     * POST /api/filesystem/hack-token: the right Token path in an open intrusion steals 30 % of the
     * victim's Telnet (spec §9) in one transaction, once per key; the attacker is forced out.
     */
    async hack(user: User, key: string, body: HackBody) {
      const pending: (() => void | Promise<void>)[] = [];
      const outcome = await runIdempotent(database, { userId: user.id, key, scope: 'terminal.hack', request: body, now: now() }, async (tx) => {
        pending.length = 0;
        const at = now();
        const intrusion = usable(await store.lockIntrusion(tx, body.intrusionId), user.id, at);
        const cwd = body.currentPath === undefined ? '/' : resolved('/', body.currentPath);
        const tokenPath = resolved(cwd, body.tokenPath, { allowToken: true });
        const victimId = intrusion.victimId;
        // Both balances locked in id order before the victim's box: a market spend or a second hack waits here.
        await lockPlayers(tx, [user.id, victimId]);
        const fs = (await store.lockFileSystem(tx, victimId))!;
        if (baseName(tokenPath) !== tokenName || parentOf(tokenPath) !== fs.tokenDir) return refuse(404, t.invalidPath);
        const ended = new Date(at);
        const victim = (await store.findPlayer(tx, victimId))!;
        if (fs.isDeveloper) {
          await store.endIntrusion(tx, intrusion.id, 'hacked', ended);
          const first = await store.stampEvidence(tx, user.id, 'hackedDeveloperAt', ended);
          pending.push(async () => {
            if (first) await complete(user.id, 'hack_developer_token');
          });
          return { statusCode: 200, body: { success: true, message: t.developerHacked, telnetStolen: 0, fileSystem: [], forceExit: true } };
        }
        const shield = await shieldOf(tx, user, victimId, fs, at);
        if (shield) return refuse(403, shield);
        const stolen = hackAmount(await balanceOf(tx, victimId));
        if (stolen > 0) {
          const moved = await transfer(tx, { fromUserId: victimId, toUserId: user.id, amount: stolen, reasons: { from: 'hack-lost', to: 'hack-stolen' }, reference: `intrusion:${intrusion.id}` });
          if (moved.kind !== 'transferred') throw new Error(`hack ${intrusion.id}: the victim's locked balance changed`);
        }
        await store.insertAttack(tx, { intrusionId: intrusion.id, attackerId: user.id, victimId, telnetStolen: stolen, createdAt: ended });
        await store.endIntrusion(tx, intrusion.id, 'hacked', ended);
        const cooldownUntil = new Date(at + balance.forcedExitCooldownMinutes * 60_000);
        await store.updateFileSystem(tx, user.id, { sshCooldownUntil: cooldownUntil });
        await store.updateFileSystem(tx, victimId, { hackedShieldUntil: new Date(at + balance.hackedVictimShieldMinutes * 60_000) });
        await deps.writeSystemLine(tx, victimId, pingTexts.tokenHackedLine(user.username, stolen), ended);
        const record = { attackerId: user.id, victimId, attackerUsername: user.username, victimUsername: victim.username, telnetStolen: stolen, createdAt: ended.toISOString() };
        pending.push(() => {
          tell([victimId, user.id], { t: 'terminal.hacked', d: record });
          tell([victimId, user.id], { t: 'terminal.intrusionEnded', d: { intrusionId: intrusion.id, outcome: 'hacked', attackerUsername: user.username, victimUsername: victim.username } });
          void publishBalances([user.id, victimId]);
        });
        return { statusCode: 200, body: { success: true, message: t.hackSucceeded(stolen, victim.username), telnetStolen: stolen, fileSystem: [], forceExit: true } };
      });
      if (!outcome.replayed && outcome.statusCode === 200) for (const fn of pending) await fn();
      return outcome;
    },

    /** POST /api/filesystem/exit: the attacker leaves before the limit. */
    async exit(user: User, intrusionId: number) {
      const ended = await db.transaction(async (tx) => {
        const row = await store.lockIntrusion(tx, intrusionId);
        if (!row || row.attackerId !== user.id || row.outcome !== 'active') return null;
        const at = Math.min(now(), row.expiresAt.getTime());
        await store.endIntrusion(tx, row.id, row.expiresAt.getTime() <= now() ? 'expired' : 'exited', new Date(at));
        return { victimId: row.victimId, victimUsername: (await store.findPlayer(tx, row.victimId))!.username, outcome: row.expiresAt.getTime() <= now() ? ('expired' as const) : ('exited' as const) };
      });
      if (ended) tell([ended.victimId, user.id], { t: 'terminal.intrusionEnded', d: { intrusionId, outcome: ended.outcome, attackerUsername: user.username, victimUsername: ended.victimUsername } });
      return { success: true as const };
    },

    /** What the player has done in the Terminal, for the missions service's checks (issue 10 item 7). */
    async evidence(userId: number) {
      const fs = await store.readFileSystem(db, userId);
      return { sshedSelf: !!fs?.sshedSelfAt, createdDirectory: !!fs?.createdDirectoryAt, movedToken: !!fs?.movedTokenAt, hackedDeveloper: !!fs?.hackedDeveloperAt };
    },

    /** GET /api/filesystem/status (spec §3 file-system status, plus the intrusion log). */
    async status(user: User): Promise<FsStatus> {
      const fs = await store.readFileSystem(db, user.id);
      const extras = fs?.extraDirectories ?? 0;
      const [current, attacks, log] = await Promise.all([
        store.countDirectories(db, user.id),
        store.attackHistory(db, user.id, balance.terminalHistoryLimit),
        store.intrusionLog(db, user.id, balance.terminalHistoryLimit),
      ]);
      const at = now();
      return {
        currentDirectories: current,
        maxDirectories: maxDirectories(await levelNow(db, user.id), extras),
        extraDirectories: extras,
        nextDirectoryPrice: extraDirectoryPrice(extras),
        attackHistory: attacks.map((a) => ({
          createdAt: a.createdAt.toISOString(),
          type: a.attackerId === user.id ? 'sent' : 'received',
          attackerUsername: a.attackerUsername,
          victimUsername: a.victimUsername,
          telnetStolen: a.telnetStolen,
        })),
        // An open intrusion past its limit reads as expired even before the jobs runner closes it.
        intrusionLog: log.map((i) => {
          const lapsed = i.outcome === 'active' && i.expiresAt.getTime() <= at;
          return {
            intrusionId: i.intrusionId,
            attackerUsername: i.attackerUsername,
            startedAt: i.startedAt.toISOString(),
            endedAt: lapsed ? i.expiresAt.toISOString() : (i.endedAt?.toISOString() ?? null),
            outcome: lapsed ? 'expired' : i.outcome,
            directoriesOpened: i.directoriesOpened,
          };
        }),
        sshCooldownUntil: fs?.sshCooldownUntil && fs.sshCooldownUntil.getTime() > at ? fs.sshCooldownUntil.toISOString() : null,
      };
    },

    /** POST /api/filesystem/buy-directory: {confirm:false} quotes, {confirm:true} buys through the wallet, once per key. */
    async buyDirectory(user: User, key: string | null, body: BuyDirectoryBody) {
      if (!body.confirm) {
        const fs = await store.readFileSystem(db, user.id);
        const price = extraDirectoryPrice(fs?.extraDirectories ?? 0);
        if (price === null) return refuse(403, t.maxDirectoriesReached);
        return { statusCode: 200, replayed: false, body: { success: true, message: t.buyDirQuote(price), cost: price, bought: false } };
      }
      let paid = false;
      const outcome = await runIdempotent(database, { userId: user.id, key: key!, scope: 'terminal.buyDirectory', request: body, now: now() }, async (tx: Tx) => {
        paid = false;
        await store.ensureFileSystem(tx, user.id);
        const fs = (await store.lockFileSystem(tx, user.id))!;
        const price = extraDirectoryPrice(fs.extraDirectories);
        if (price === null) return refuse(403, t.maxDirectoriesReached);
        const debited = await debit(tx, { userId: user.id, amount: price, reason: 'directory-purchase', reference: `directory:${fs.extraDirectories + 1}` });
        if (debited.kind === 'insufficient') return refuse(400, t.notEnoughTelnet);
        await store.updateFileSystem(tx, user.id, { extraDirectories: fs.extraDirectories + 1 });
        paid = true;
        return { statusCode: 200, body: { success: true, message: t.buyDirDone(price, maxDirectories(await levelNow(tx, user.id), fs.extraDirectories + 1)), cost: price, bought: true } };
      });
      if (paid && !outcome.replayed) void publishBalances([user.id]);
      return outcome;
    },

    /** The jobs runner's 'terminal.intrusionExpired': closes an intrusion still open at its limit, once. */
    async expireIntrusion(tx: Tx, job: Job<'terminal.intrusionExpired', { intrusionId: number }>): Promise<void | (() => void)> {
      const row = await store.lockIntrusion(tx, job.payload.intrusionId);
      if (!row || row.outcome !== 'active') return; // hacked, exited or replaced first
      if (row.expiresAt.getTime() > job.claimedAt.getTime()) throw new Error(`intrusion ${row.id} claimed before its limit`);
      await store.endIntrusion(tx, row.id, 'expired', row.expiresAt);
      const [attacker, victim] = [(await store.findPlayer(tx, row.attackerId))!, (await store.findPlayer(tx, row.victimId))!];
      return () => tell([row.attackerId, row.victimId], { t: 'terminal.intrusionEnded', d: { intrusionId: row.id, outcome: 'expired', attackerUsername: attacker.username, victimUsername: victim.username } });
    },
  };
}

export type TerminalService = ReturnType<typeof createTerminalService>;
