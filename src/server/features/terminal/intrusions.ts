import type { User } from '../../../core/api/common';
import type { SshBody, SshResult } from '../../../core/api/filesystem';
import { balance } from '../../../core/balance';
import { alertsVictim, intrusionCooldownUntil, minutesLeft } from '../../../core/rules/terminal';
import { terminalTexts as t } from '../../../core/texts/terminal';
import type { Tx } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { scheduleJob, type Job } from '../../jobs';
import { listing, refuse, shieldOf, type TerminalContext } from './context';
import * as store from './store';

/**
 * ssh, exit and the intrusion's expiry (spec §4, docs/game-rules.md §18). Every transaction takes
 * the players first (lockPlayers, by id), then file systems, then intrusions, then jobs (ADR 049).
 */
export function intrusionActions(ctx: TerminalContext) {
  const { db, now, tell, timeLimitMs } = ctx;

  /** Root on one's own system: the file system made on first use, the ssh_self_root evidence stamped. */
  async function sshSelf(user: User): Promise<SshResult> {
    const at = now();
    const { items, first } = await db.transaction(async (tx) => {
      await lockPlayers(tx, [user.id]);
      await store.ensureFileSystem(tx, user.id);
      const fs = (await store.readFileSystem(tx, user.id))!;
      return {
        items: await listing(tx, user.id, '/', fs.tokenDir),
        first: await store.stampEvidence(tx, user.id, 'sshedSelfAt', new Date(at)),
      };
    });
    if (first) await ctx.announce({ t: 'terminal.sshedSelf', userId: user.id });
    return {
      success: true,
      message: t.rootOpened(user.username),
      mode: 'root',
      target: user.username,
      fileSystem: items,
      currentPath: '/',
      targetIsDeveloper: false,
      intrusionId: null,
      timeLimit: null,
      expiresAt: null,
    };
  }

  /** The checks and writes of a new intrusion, under both players' and the attacker's file-system locks. */
  async function openIntrusion(
    tx: Tx,
    user: User,
    target: NonNullable<Awaited<ReturnType<typeof store.findPlayerByUsername>>>,
    at: number,
  ) {
    await lockPlayers(tx, [user.id, target.id]);
    await store.ensureFileSystem(tx, user.id);
    await store.ensureFileSystem(tx, target.id);
    const theirs = (await store.readFileSystem(tx, target.id))!;
    // A banned player's box is gone; the developer's (banned so it cannot log in) stays open.
    if (target.banned && !theirs.isDeveloper) return refuse(404, t.targetNotFound);
    const mine = (await store.lockFileSystem(tx, user.id))!;
    if (mine.sshCooldownUntil && mine.sshCooldownUntil.getTime() > at)
      return refuse(403, t.sshCooldown(minutesLeft(mine.sshCooldownUntil.getTime(), at)));
    const shield = await shieldOf(tx, user.id, target.id, theirs, at);
    if (shield) return refuse(403, shield);
    const pair = await store.pairHistory(tx, user.id, target.id);
    // The developer's tutorial box keeps no cooldown (docs/game-rules.md §18): nobody there is alerted or harassed.
    const cooldownUntil = theirs.isDeveloper ? null : intrusionCooldownUntil(pair.lastEndsAt, at);
    if (cooldownUntil !== null)
      return refuse(403, t.intrusionCooldown(target.username, minutesLeft(cooldownUntil, at)));
    // Alerts from the players the victim ignores come as one group: one per window for all of them, unnamed (ADR 056).
    const ignoredByVictim = await ctx.deps.ignoredIds(target.id, tx);
    const fromIgnored = ignoredByVictim.includes(user.id);
    const victimAlerted = alertsVictim(
      fromIgnored ? await store.lastAlertFrom(tx, target.id, ignoredByVictim) : pair.lastAlertAt,
      at,
    );
    await store.closeOpenIntrusionsOf(tx, user.id, new Date(at));
    const expiresAt = new Date(at + timeLimitMs);
    const intrusionId = await store.insertIntrusion(tx, {
      attackerId: user.id,
      victimId: target.id,
      startedAt: new Date(at),
      expiresAt,
      victimAlerted,
    });
    await scheduleJob(tx, {
      kind: 'terminal.intrusionExpired',
      payload: { intrusionId },
      runAt: expiresAt,
      dedupeKey: `intrusion:${intrusionId}`,
    });
    return {
      intrusionId,
      expiresAt,
      victimAlerted,
      fromIgnored,
      items: await listing(tx, target.id, '/', theirs.tokenDir),
      isDeveloper: theirs.isDeveloper,
    };
  }

  return {
    /** POST /api/filesystem/ssh: root on one's own system, or an intrusion on another's (spec §4). */
    async ssh(user: User, body: SshBody): Promise<SshResult> {
      const at = now();
      const target = await store.findPlayerByUsername(db, body.target);
      if (!target) return refuse(404, t.targetNotFound);
      if (target.id === user.id) return body.mode === 'intrusion' ? refuse(400, t.invalidTarget) : sshSelf(user);
      if (body.mode === 'root') return refuse(403, t.accessDenied);
      const result = await db.transaction((tx) => openIntrusion(tx, user, target, at));
      // One alert per attacker per window (ADR 049): the log still lists every intrusion.
      if (result.victimAlerted && result.fromIgnored)
        tell([target.id], {
          t: 'terminal.ignoredIntrusion',
          d: { windowMinutes: balance.intrusionAlertWindowMinutes },
        });
      else if (result.victimAlerted)
        tell([target.id], {
          t: 'terminal.intrusionStarted',
          d: {
            intrusionId: result.intrusionId,
            attackerUsername: user.username,
            expiresAt: result.expiresAt.toISOString(),
          },
        });
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

    /** POST /api/filesystem/exit: the attacker leaves before the limit. */
    async exit(user: User, intrusionId: number) {
      const ended = await db.transaction(async (tx) => {
        await lockPlayers(tx, [user.id]);
        const row = await store.lockIntrusion(tx, intrusionId);
        if (!row || row.attackerId !== user.id || row.outcome !== 'active') return null;
        const at = now();
        const outcome = row.expiresAt.getTime() <= at ? ('expired' as const) : ('exited' as const);
        await store.endIntrusion(tx, row.id, outcome, new Date(Math.min(at, row.expiresAt.getTime())));
        return {
          victimId: row.victimId,
          victimUsername: (await store.findPlayer(tx, row.victimId))!.username,
          outcome,
        };
      });
      if (ended)
        tell([ended.victimId, user.id], {
          t: 'terminal.intrusionEnded',
          d: {
            intrusionId,
            outcome: ended.outcome,
            attackerUsername: user.username,
            victimUsername: ended.victimUsername,
          },
        });
      return { success: true as const };
    },

    /** The jobs runner's 'terminal.intrusionExpired': closes an intrusion still open at its limit, once. */
    async expireIntrusion(
      tx: Tx,
      job: Job<'terminal.intrusionExpired', { intrusionId: number }>,
    ): Promise<void | (() => void)> {
      const row = await store.lockIntrusion(tx, job.payload.intrusionId);
      if (!row || row.outcome !== 'active') return; // hacked, exited or replaced first
      if (row.expiresAt.getTime() > job.claimedAt.getTime())
        throw new Error(`intrusion ${row.id} claimed before its limit`);
      await store.endIntrusion(tx, row.id, 'expired', row.expiresAt);
      const [attacker, victim] = [
        (await store.findPlayer(tx, row.attackerId))!,
        (await store.findPlayer(tx, row.victimId))!,
      ];
      return () =>
        tell([row.attackerId, row.victimId], {
          t: 'terminal.intrusionEnded',
          d: {
            intrusionId: row.id,
            outcome: 'expired',
            attackerUsername: attacker.username,
            victimUsername: victim.username,
          },
        });
    },
  };
}
