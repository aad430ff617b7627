import type { User } from '../../../core/api/common';
import type { HackBody } from '../../../core/api/filesystem';
import { balance } from '../../../core/balance';
import { hackAmount } from '../../../core/rules/terminal';
import { baseName, parentOf, tokenName } from '../../../core/terminal/fs-path';
import { pingTexts } from '../../../core/texts/ping';
import { terminalTexts as t } from '../../../core/texts/terminal';
import type { Tx } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { runIdempotent, type AfterCommit } from '../../idempotency';
import { balanceOf, transfer } from '../../wallet';
import { refuse, resolved, shieldOf, usable, type TerminalContext } from './context';
import * as intrusionStore from './intrusion-store';
import * as store from './store';

/** What a hack step needs about the break-in, all read under the locks. */
interface HackScene {
  tx: Tx;
  afterCommit: AfterCommit;
  user: User;
  intrusion: intrusionStore.IntrusionRow;
  victim: NonNullable<Awaited<ReturnType<typeof store.findPlayer>>>;
  fs: store.FileSystemRow;
  at: number;
}

/**
 * POST /api/filesystem/hack-token: the right Token path in an open intrusion steals 30 % of the
 * victim's Telnet (spec §9) in one transaction, once per key; the attacker is forced out.
 */
export async function hack(ctx: TerminalContext, user: User, key: string, body: HackBody) {
  const { deps, now } = ctx;
  return runIdempotent(
    deps.database,
    { userId: user.id, key, scope: 'terminal.hack', request: body, now: now() },
    async (tx, afterCommit) => {
      const at = now();
      // The unlocked read only names the victim (it never changes); the checks that count are made under the locks.
      const victimId = usable(await intrusionStore.readIntrusion(tx, body.intrusionId), user.id, at).victimId;
      const cwd = body.currentPath === undefined ? '/' : resolved('/', body.currentPath);
      const tokenPath = resolved(cwd, body.tokenPath, { allowToken: true });
      // The lock order (ADR 049): both players by id, both file systems, then the intrusion. A purchase by
      // the victim, a second hack or the attacker's own ssh waits here instead of deadlocking.
      await lockPlayers(tx, [user.id, victimId]);
      const fs = (await store.lockFileSystems(tx, [user.id, victimId])).get(victimId)!;
      // The victim's row is already locked above, so reading it can go out with the intrusion's lock (ADR 078).
      const [locked, victim] = await Promise.all([
        intrusionStore.lockIntrusion(tx, body.intrusionId),
        store.findPlayer(tx, victimId),
      ]);
      const intrusion = usable(locked, user.id, at);
      if (baseName(tokenPath) !== tokenName || parentOf(tokenPath) !== fs.tokenDir) return refuse(404, t.invalidPath);
      const scene = { tx, afterCommit, user, intrusion, victim: victim!, fs, at };
      return fs.isDeveloper ? hackDeveloper(ctx, scene) : hackPlayer(ctx, scene);
    },
  );
}

/** The tutorial box: nothing is stolen, the intrusion ends and the mission's evidence is stamped once. */
async function hackDeveloper(ctx: TerminalContext, { tx, afterCommit, user, intrusion, at }: HackScene) {
  const ended = new Date(at);
  await intrusionStore.endIntrusion(tx, intrusion.id, 'hacked', ended);
  const first = await store.stampEvidence(tx, user.id, 'hackedDeveloperAt', ended);
  afterCommit(async () => {
    if (first) await ctx.announce({ t: 'terminal.developerHacked', userId: user.id });
  });
  return {
    statusCode: 200,
    body: { success: true, message: t.developerHacked, telnetStolen: 0, fileSystem: [], forceExit: true },
  };
}

/** A player's Token: the shield checked, the Telnet moved through the wallet, both sides' timers set. */
async function hackPlayer(ctx: TerminalContext, scene: HackScene) {
  const { tx, afterCommit, user, intrusion, victim, fs, at } = scene;
  const shield = await shieldOf(tx, user.id, victim.id, fs, at);
  if (shield) return refuse(403, shield);
  const stolen = await stealTelnet(tx, intrusion.id, victim.id, user.id);
  await recordHack(ctx, scene, stolen);
  afterCommit(() => {
    const record = {
      attackerId: user.id,
      victimId: victim.id,
      attackerUsername: user.username,
      victimUsername: victim.username,
      telnetStolen: stolen,
      createdAt: new Date(at).toISOString(),
    };
    ctx.tell([victim.id, user.id], { t: 'terminal.hacked', d: record });
    ctx.tell([victim.id, user.id], {
      t: 'terminal.intrusionEnded',
      d: {
        intrusionId: intrusion.id,
        outcome: 'hacked',
        attackerUsername: user.username,
        victimUsername: victim.username,
      },
    });
    void ctx.publishBalances([user.id, victim.id]);
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
}

/** spec §9: 30 % of the victim's balance, read under the victim's lock, so the transfer cannot fall short. */
async function stealTelnet(tx: Tx, intrusionId: number, victimId: number, attackerId: number): Promise<number> {
  const stolen = hackAmount(await balanceOf(tx, victimId));
  if (stolen > 0) {
    const moved = await transfer(tx, {
      fromUserId: victimId,
      toUserId: attackerId,
      amount: stolen,
      reasons: { from: 'hack-lost', to: 'hack-stolen' },
      reference: `intrusion:${intrusionId}`,
    });
    if (moved.kind !== 'transferred') throw new Error(`hack ${intrusionId}: the victim's locked balance changed`);
  }
  return stolen;
}

/**
 * The attack row, the intrusion closed, the attacker's forced-exit cooldown, the victim's shield and Ping
 * line: rows already locked or new, none reading another's write, so they go out together (ADR 078).
 */
async function recordHack(ctx: TerminalContext, { tx, user, intrusion, victim, at }: HackScene, stolen: number) {
  const ended = new Date(at);
  await Promise.all([
    intrusionStore.insertAttack(tx, {
      intrusionId: intrusion.id,
      attackerId: user.id,
      victimId: victim.id,
      telnetStolen: stolen,
      createdAt: ended,
    }),
    intrusionStore.endIntrusion(tx, intrusion.id, 'hacked', ended),
    store.updateFileSystem(tx, user.id, {
      sshCooldownUntil: new Date(at + balance.forcedExitCooldownMinutes * 60_000),
    }),
    store.updateFileSystem(tx, victim.id, {
      hackedShieldUntil: new Date(at + balance.hackedVictimShieldMinutes * 60_000),
    }),
    ctx.deps.writeSystemLine(tx, victim.id, pingTexts.tokenHackedLine(user.username, stolen), ended),
  ]);
}
