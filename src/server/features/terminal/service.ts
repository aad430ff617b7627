import type { User } from '../../../core/api/common';
import type { BuyDirectoryBody, Contents, ContentsQuery, FsStatus, OperationBody } from '../../../core/api/filesystem';
import { balance } from '../../../core/balance';
import { extraDirectoryPrice, maxDirectories } from '../../../core/rules/terminal';
import { baseName, parentOf, tokenName } from '../../../core/terminal/fs-path';
import { parseMove } from '../../../core/terminal/terminal-commands';
import { terminalTexts as t } from '../../../core/texts/terminal';
import type { Tx } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { runIdempotent } from '../../idempotency';
import { debit } from '../../wallet';
import { levelNow, listing, refuse, resolved, terminalContext, usable, type TerminalServiceDeps } from './context';
import { hackAction } from './hack';
import { intrusionActions } from './intrusions';
import { scanAction } from './scan';
import * as store from './store';

export type { TerminalServiceDeps } from './context';

/**
 * The Terminal's file systems and intrusions (docs/game-rules.md §18, ADR 026–028). Every path is
 * resolved by core/terminal/fs-path.ts before SQL sees it; an intrusion's limit is a timestamp
 * checked on every command (the jobs runner only closes it for the log); a hack moves Telnet through
 * the wallet under both players' row locks, once per Idempotency-Key. Every transaction locks in one
 * order: the players (lockPlayers, by id), then file systems, then intrusions, then jobs (ADR 049).
 */
export function createTerminalService(deps: TerminalServiceDeps) {
  const ctx = terminalContext(deps);
  const { database, now } = deps;
  const { db, announce, publishBalances } = ctx;

  return {
    ...intrusionActions(ctx),
    hack: hackAction(ctx),
    scan: scanAction(ctx),

    /**
     * GET /api/filesystem/contents: one directory of one's own system, or of the target's during an
     * intrusion. A read: one read-only snapshot, no row lock, nothing written (a player without a file
     * system yet sees the one they would get: the Token at '/').
     */
    async contents(user: User, query: ContentsQuery): Promise<Contents> {
      const path = resolved('/', query.path ?? '/');
      const at = now();
      return db.transaction(
        async (tx) => {
          const ownerId =
            query.intrusionId === undefined
              ? user.id
              : usable(await store.readIntrusion(tx, query.intrusionId), user.id, at).victimId;
          const tokenDir = (await store.readFileSystem(tx, ownerId))?.tokenDir ?? '/';
          if (!(await store.directoryExists(tx, ownerId, path))) return refuse(404, t.directoryNotFound);
          return { path, contents: await listing(tx, ownerId, path, tokenDir) };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    /** POST /api/filesystem/operation: mkdir, mv (the Token only) and rm, on one's own system only. */
    async operation(user: User, body: OperationBody) {
      const at = now();
      const { message, path, items, evidence } = await db.transaction(async (tx) => {
        await lockPlayers(tx, [user.id]);
        await store.ensureFileSystem(tx, user.id);
        const fs = (await store.lockFileSystem(tx, user.id))!;
        if (body.command === 'mkdir') {
          const path = resolved('/', body.target);
          if (path === '/' || (await store.directoryExists(tx, user.id, path))) return refuse(409, t.directoryExists);
          if (!(await store.directoryExists(tx, user.id, parentOf(path)))) return refuse(404, t.directoryNotFound);
          const max = maxDirectories(await levelNow(tx, user.id), fs.extraDirectories);
          if ((await store.countDirectories(tx, user.id)) >= max) return refuse(403, t.directoryLimit(max));
          await store.insertDirectory(tx, user.id, path, new Date(at));
          const first = await store.stampEvidence(tx, user.id, 'createdDirectoryAt', new Date(at));
          return {
            message: t.directoryCreated(path),
            path,
            items: await listing(tx, user.id, parentOf(path), fs.tokenDir),
            evidence: first ? ('terminal.directoryCreated' as const) : null,
          };
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
          return {
            message: t.tokenMoved(destination),
            path: destination,
            items: await listing(tx, user.id, destination, destination),
            evidence: first ? ('terminal.tokenMoved' as const) : null,
          };
        }
        const path = resolved('/', body.target, { allowToken: true });
        if (baseName(path) === tokenName) return refuse(400, t.cannotRemoveToken);
        if (path === '/') return refuse(400, t.cannotRemoveRoot);
        if (!(await store.directoryExists(tx, user.id, path))) return refuse(404, t.directoryNotFound);
        const holdsToken = fs.tokenDir === path || fs.tokenDir.startsWith(`${path}/`);
        if (holdsToken || (await store.hasSubdirectories(tx, user.id, path))) return refuse(409, t.directoryNotEmpty);
        await store.deleteDirectory(tx, user.id, path);
        return {
          message: t.removed(path),
          path,
          items: await listing(tx, user.id, parentOf(path), fs.tokenDir),
          evidence: null,
        };
      });
      if (evidence) await announce({ t: evidence, userId: user.id });
      return { success: true as const, message, path, fileSystem: items };
    },

    /** What the player has done in the Terminal, for the missions service's checks. */
    async evidence(userId: number) {
      const fs = await store.readFileSystem(db, userId);
      return {
        sshedSelf: !!fs?.sshedSelfAt,
        createdDirectory: !!fs?.createdDirectoryAt,
        movedToken: !!fs?.movedTokenAt,
        hackedDeveloper: !!fs?.hackedDeveloperAt,
      };
    },

    /** GET /api/filesystem/status (spec §3 file-system status, plus the intrusion log). */
    async status(user: User): Promise<FsStatus> {
      const fs = await store.readFileSystem(db, user.id);
      const extras = fs?.extraDirectories ?? 0;
      const [current, attacks, log] = await Promise.all([
        store.countDirectories(db, user.id),
        store.attackHistory(db, user.id, balance.terminalHistoryLimit),
        store.intrusionLog(db, user.id, balance.terminalHistoryLimit, balance.intrusionLogPerAttacker),
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
          };
        }),
        sshCooldownUntil:
          fs?.sshCooldownUntil && fs.sshCooldownUntil.getTime() > at ? fs.sshCooldownUntil.toISOString() : null,
      };
    },

    /** POST /api/filesystem/buy-directory: {confirm:false} quotes, {confirm:true} buys through the wallet, once per key. */
    async buyDirectory(user: User, key: string | null, body: BuyDirectoryBody) {
      if (!body.confirm) {
        const fs = await store.readFileSystem(db, user.id);
        const price = extraDirectoryPrice(fs?.extraDirectories ?? 0);
        if (price === null) return refuse(403, t.maxDirectoriesReached);
        return {
          statusCode: 200,
          replayed: false,
          body: { success: true, message: t.buyDirQuote(price), cost: price, bought: false },
        };
      }
      return runIdempotent(
        database,
        { userId: user.id, key: key!, scope: 'terminal.buyDirectory', request: body, now: now() },
        async (tx: Tx, afterCommit) => {
          // The player before the file system (ADR 049): the debit below locks the player too, and a hack
          // that holds the player waiting for this file system would otherwise deadlock against it.
          await lockPlayers(tx, [user.id]);
          await store.ensureFileSystem(tx, user.id);
          const fs = (await store.lockFileSystem(tx, user.id))!;
          const price = extraDirectoryPrice(fs.extraDirectories);
          if (price === null) return refuse(403, t.maxDirectoriesReached);
          const debited = await debit(tx, {
            userId: user.id,
            amount: price,
            reason: 'directory-purchase',
            reference: `directory:${fs.extraDirectories + 1}`,
          });
          if (debited.kind === 'insufficient') return refuse(400, t.notEnoughTelnet);
          await store.updateFileSystem(tx, user.id, { extraDirectories: fs.extraDirectories + 1 });
          afterCommit(() => void publishBalances([user.id]));
          return {
            statusCode: 200,
            body: {
              success: true,
              message: t.buyDirDone(price, maxDirectories(await levelNow(tx, user.id), fs.extraDirectories + 1)),
              cost: price,
              bought: true,
            },
          };
        },
      );
    },
  };
}

export type TerminalService = ReturnType<typeof createTerminalService>;
