import type { User } from '../../../core/api/common';
import type { SshBody, SshResult } from '../../../core/api/filesystem';
import { balance } from '../../../core/balance';
import { alertsVictim, intrusionCooldownUntil, minutesLeft } from '../../../core/rules/terminal';
import { terminalTexts as t } from '../../../core/texts/terminal';
import type { Tx } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { scheduleJob } from '../../jobs';
import { listing, refuse, shieldOf, type TerminalContext } from './context';
import * as intrusionStore from './intrusion-store';
import * as store from './store';

type Target = NonNullable<Awaited<ReturnType<typeof store.findPlayerByUsername>>>;
type OpenedIntrusion = Awaited<ReturnType<typeof openIntrusion>>;

/**
 * POST /api/filesystem/ssh: root on one's own system, or an intrusion on another's (spec §4,
 * docs/game-rules.md §18). The transaction takes the players first (lockPlayers, by id), then file
 * systems, then intrusions, then jobs (ADR 049).
 */
export async function ssh(ctx: TerminalContext, user: User, body: SshBody): Promise<SshResult> {
  const { db, now, timeLimitMs } = ctx;
  const at = now();
  const target = await store.findPlayerByUsername(db, body.target);
  if (!target) return refuse(404, t.targetNotFound);
  if (target.id === user.id) return body.mode === 'intrusion' ? refuse(400, t.invalidTarget) : sshSelf(ctx, user);
  if (body.mode === 'root') return refuse(403, t.accessDenied);
  const opened = await db.transaction((tx) => openIntrusion(ctx, tx, user, target, at));
  alertVictim(ctx, user, target, opened);
  return {
    success: true,
    message: t.intrusionOpened(target.username, Math.round(timeLimitMs / 1000)),
    mode: 'intrusion',
    target: target.username,
    fileSystem: opened.items,
    currentPath: '/',
    targetIsDeveloper: opened.isDeveloper,
    intrusionId: opened.intrusionId,
    timeLimit: Math.max(1, Math.round(timeLimitMs / 1000)),
    expiresAt: opened.expiresAt.toISOString(),
  };
}

/** Root on one's own system: the file system made on first use, the ssh_self_root evidence stamped. */
async function sshSelf(ctx: TerminalContext, user: User): Promise<SshResult> {
  const at = ctx.now();
  const { items, first } = await ctx.db.transaction(async (tx) => {
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
async function openIntrusion(ctx: TerminalContext, tx: Tx, user: User, target: Target, at: number) {
  await lockPlayers(tx, [user.id, target.id]);
  await store.ensureFileSystem(tx, user.id);
  await store.ensureFileSystem(tx, target.id);
  const theirs = (await store.readFileSystem(tx, target.id))!;
  // A banned player's box is gone; the developer's (banned so it cannot log in) stays open.
  if (target.banned && !theirs.isDeveloper) return refuse(404, t.targetNotFound);
  const pair = await refuseUnfairIntrusion(tx, user, target, theirs, at);
  // Alerts from the players the victim ignores come as one group: one per window for all of them, unnamed (ADR 056).
  const ignoredByVictim = await ctx.deps.ignoredIds(target.id, tx);
  const fromIgnored = ignoredByVictim.includes(user.id);
  const victimAlerted = alertsVictim(
    fromIgnored ? await intrusionStore.lastAlertFrom(tx, target.id, ignoredByVictim) : pair.lastAlertAt,
    at,
  );
  await intrusionStore.closeOpenIntrusionsOf(tx, user.id, new Date(at));
  const expiresAt = new Date(at + ctx.timeLimitMs);
  const intrusionId = await intrusionStore.insertIntrusion(tx, {
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

/**
 * The attacker's forced-exit cooldown, the fair-play shield and the per-pair cooldown, in that order;
 * the attacker's file system is locked here (after both players, ADR 049). Answers the pair's history.
 */
async function refuseUnfairIntrusion(tx: Tx, user: User, target: Target, theirs: store.FileSystemRow, at: number) {
  const mine = (await store.lockFileSystem(tx, user.id))!;
  if (mine.sshCooldownUntil && mine.sshCooldownUntil.getTime() > at)
    return refuse(403, t.sshCooldown(minutesLeft(mine.sshCooldownUntil.getTime(), at)));
  const shield = await shieldOf(tx, user.id, target.id, theirs, at);
  if (shield) return refuse(403, shield);
  const pair = await intrusionStore.pairHistory(tx, user.id, target.id);
  // The developer's tutorial box keeps no cooldown (docs/game-rules.md §18): nobody there is alerted or harassed.
  const cooldownUntil = theirs.isDeveloper ? null : intrusionCooldownUntil(pair.lastEndsAt, at);
  if (cooldownUntil !== null) return refuse(403, t.intrusionCooldown(target.username, minutesLeft(cooldownUntil, at)));
  return pair;
}

/** One alert per attacker per window (ADR 049), grouped and unnamed from an ignored attacker (ADR 056); the log still lists every intrusion. */
function alertVictim(ctx: TerminalContext, user: User, target: Target, opened: OpenedIntrusion): void {
  if (!opened.victimAlerted) return;
  if (opened.fromIgnored)
    ctx.tell([target.id], {
      t: 'terminal.ignoredIntrusion',
      d: { windowMinutes: balance.intrusionAlertWindowMinutes },
    });
  else
    ctx.tell([target.id], {
      t: 'terminal.intrusionStarted',
      d: {
        intrusionId: opened.intrusionId,
        attackerUsername: user.username,
        expiresAt: opened.expiresAt.toISOString(),
      },
    });
}
