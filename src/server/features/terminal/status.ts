import type { User } from '../../../core/api/common';
import type { FsStatus } from '../../../core/api/filesystem';
import { balance } from '../../../core/balance';
import { extraDirectoryPrice, maxDirectories } from '../../../core/rules/terminal';
import { levelNow, type TerminalContext } from './context';
import * as intrusionStore from './intrusion-store';
import * as store from './store';

/** GET /api/filesystem/status (spec §3 file-system status, plus the intrusion log). */
export async function status(ctx: TerminalContext, user: User): Promise<FsStatus> {
  const { db } = ctx;
  const fs = await store.readFileSystem(db, user.id);
  const extras = fs?.extraDirectories ?? 0;
  const [current, attacks, log] = await Promise.all([
    store.countDirectories(db, user.id),
    intrusionStore.attackHistory(db, user.id, balance.terminalHistoryLimit),
    intrusionStore.intrusionLog(db, user.id, balance.terminalHistoryLimit, balance.intrusionLogPerAttacker),
  ]);
  const at = ctx.now();
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
}
