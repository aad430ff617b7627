import type { User } from '../../../core/api/common';
import type { HackBody } from '../../../core/api/filesystem';
import { balance } from '../../../core/balance';
import { hackAmount } from '../../../core/rules/terminal';
import { baseName, parentOf, tokenName } from '../../../core/terminal/fs-path';
import { pingTexts } from '../../../core/texts/ping';
import { terminalTexts as t } from '../../../core/texts/terminal';
import { lockPlayers } from '../../db/lock-players';
import { runIdempotent } from '../../idempotency';
import { balanceOf, transfer } from '../../wallet';
import { refuse, resolved, shieldOf, usable, type TerminalContext } from './context';
import * as store from './store';

/**
 * POST /api/filesystem/hack-token: the right Token path in an open intrusion steals 30 % of the
 * victim's Telnet (spec §9) in one transaction, once per key; the attacker is forced out.
 */
export function hackAction(ctx: TerminalContext) {
  const { deps, now, tell } = ctx;
  return async function hack(user: User, key: string, body: HackBody) {
    return runIdempotent(
      deps.database,
      { userId: user.id, key, scope: 'terminal.hack', request: body, now: now() },
      async (tx, afterCommit) => {
        const at = now();
        // The unlocked read only names the victim (it never changes); the checks that count are made under the locks.
        const victimId = usable(await store.readIntrusion(tx, body.intrusionId), user.id, at).victimId;
        const cwd = body.currentPath === undefined ? '/' : resolved('/', body.currentPath);
        const tokenPath = resolved(cwd, body.tokenPath, { allowToken: true });
        // The lock order (ADR 049): both players by id, both file systems, then the intrusion. A purchase by
        // the victim, a second hack or the attacker's own ssh waits here instead of deadlocking.
        await lockPlayers(tx, [user.id, victimId]);
        const fs = (await store.lockFileSystems(tx, [user.id, victimId])).get(victimId)!;
        const intrusion = usable(await store.lockIntrusion(tx, body.intrusionId), user.id, at);
        if (baseName(tokenPath) !== tokenName || parentOf(tokenPath) !== fs.tokenDir) return refuse(404, t.invalidPath);
        const ended = new Date(at);
        const victim = (await store.findPlayer(tx, victimId))!;
        if (fs.isDeveloper) {
          await store.endIntrusion(tx, intrusion.id, 'hacked', ended);
          const first = await store.stampEvidence(tx, user.id, 'hackedDeveloperAt', ended);
          afterCommit(async () => {
            if (first) await ctx.announce({ t: 'terminal.developerHacked', userId: user.id });
          });
          return {
            statusCode: 200,
            body: { success: true, message: t.developerHacked, telnetStolen: 0, fileSystem: [], forceExit: true },
          };
        }
        const shield = await shieldOf(tx, user.id, victimId, fs, at);
        if (shield) return refuse(403, shield);
        const stolen = hackAmount(await balanceOf(tx, victimId));
        if (stolen > 0) {
          const moved = await transfer(tx, {
            fromUserId: victimId,
            toUserId: user.id,
            amount: stolen,
            reasons: { from: 'hack-lost', to: 'hack-stolen' },
            reference: `intrusion:${intrusion.id}`,
          });
          if (moved.kind !== 'transferred')
            throw new Error(`hack ${intrusion.id}: the victim's locked balance changed`);
        }
        await store.insertAttack(tx, {
          intrusionId: intrusion.id,
          attackerId: user.id,
          victimId,
          telnetStolen: stolen,
          createdAt: ended,
        });
        await store.endIntrusion(tx, intrusion.id, 'hacked', ended);
        await store.updateFileSystem(tx, user.id, {
          sshCooldownUntil: new Date(at + balance.forcedExitCooldownMinutes * 60_000),
        });
        await store.updateFileSystem(tx, victimId, {
          hackedShieldUntil: new Date(at + balance.hackedVictimShieldMinutes * 60_000),
        });
        await deps.writeSystemLine(tx, victimId, pingTexts.tokenHackedLine(user.username, stolen), ended);
        const record = {
          attackerId: user.id,
          victimId,
          attackerUsername: user.username,
          victimUsername: victim.username,
          telnetStolen: stolen,
          createdAt: ended.toISOString(),
        };
        afterCommit(() => {
          tell([victimId, user.id], { t: 'terminal.hacked', d: record });
          tell([victimId, user.id], {
            t: 'terminal.intrusionEnded',
            d: {
              intrusionId: intrusion.id,
              outcome: 'hacked',
              attackerUsername: user.username,
              victimUsername: victim.username,
            },
          });
          void ctx.publishBalances([user.id, victimId]);
        });
        return {
          statusCode: 200,
          body: {
            success: true,
            message: t.hackSucceeded(stolen, victim.username),
            telnetStolen: stolen,
            fileSystem: [],
            forceExit: true,
          },
        };
      },
    );
  };
}
