import type { User } from '../../../core/api/common';
import type { CompleteMissionResponse, MissionStatus } from '../../../core/api/missions';
import { balance } from '../../../core/balance';
import {
  buildMissionStatus,
  isMissionEarned,
  type MissionEvidence,
  type MissionId,
} from '../../../core/rules/missions';
import { texts } from '../../../core/texts';
import type { Database } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { HttpError } from '../../http/errors';
import type { Bus } from '../../realtime/bus';
import { equippedGear } from '../../inventory';
import { credit } from '../../wallet';
import { toUserView } from '../../player/user-view';
import * as store from './store';

export interface MissionServiceDeps {
  database: Database;
  bus: Bus;
  now: () => number;
  /** Whether the player has done the social actions, asked of the chat and ping services. */
  evidence: {
    sentChat(userId: number): Promise<boolean>;
    sentPrivateMessage(userId: number): Promise<boolean>;
    /** Whether the player has guessed at a Blockchain code. */
    attackedBlockchain?(userId: number): Promise<boolean>;
    /** The Terminal's stamped actions (terminal service). */
    terminal?(userId: number): Promise<MissionEvidence['terminal']>;
    /** Whether the player owns a Kernel bit they bought (kernel service). */
    boughtKernelBit?(userId: number): Promise<boolean>;
  };
}

/** Beginner missions (spec §3, §4, §9): the server checks what the player did and pays each once. */
export function createMissionService(deps: MissionServiceDeps) {
  const { db } = deps.database;
  const status = async (userId: number): Promise<MissionStatus> =>
    buildMissionStatus(await store.completedMissions(db, userId));

  return {
    /** The player's completed missions, for their data export (ADR 057). */
    exportCompletions: (userId: number) => store.missionsOf(db, userId),

    status,

    /** Whether the player has already completed a mission, so a feature can skip asking again. */
    hasCompleted: (userId: number, missionId: MissionId): Promise<boolean> => store.isCompleted(db, userId, missionId),

    /**
     * Completes a mission the player has earned and pays its reward once. A repeat (or one of many
     * racing requests) succeeds without paying again; an unearned mission is refused with 409.
     */
    async complete(user: User, missionId: MissionId): Promise<CompleteMissionResponse> {
      // Decodes as stored now: the session's cached player may lag a tap on another instance (ADR 035).
      const [stored, sentChat, sentPrivateMessage, attackedBlockchain, terminal, boughtKernelBit] = await Promise.all([
        store.findPlayer(db, user.id),
        deps.evidence.sentChat(user.id),
        deps.evidence.sentPrivateMessage(user.id),
        deps.evidence.attackedBlockchain?.(user.id) ?? false,
        deps.evidence.terminal?.(user.id),
        // Asked only for its own mission: the look-up reads the Kernel's bits.
        missionId === 'purchase_kernel_bit' ? (deps.evidence.boughtKernelBit?.(user.id) ?? false) : false,
      ]);
      const evidence = {
        totalTaps: stored?.totalTaps ?? 0,
        sentChat,
        sentPrivateMessage,
        attackedBlockchain,
        boughtKernelBit,
        ...(terminal ? { terminal } : {}),
      };
      if (!isMissionEarned(missionId, evidence)) {
        throw new HttpError(409, texts.missionRequirementsNotMet);
      }
      const reward = balance.missionRewardTelnet;
      const paid = await db.transaction(async (tx) => {
        // Lock order (ADR 044): the player, then the mission's row, then the reward.
        await lockPlayers(tx, [user.id]);
        if (!(await store.insertCompletion(tx, user.id, missionId, new Date(deps.now())))) return null;
        await credit(tx, { userId: user.id, amount: reward, reason: 'mission', reference: `mission:${missionId}` });
        // Read back under the wallet's row lock: the event carries the player as they now are.
        const row = await store.findPlayer(tx, user.id);
        return row ? toUserView(row, (await equippedGear(tx, [user.id])).get(user.id)!) : null;
      });
      const after = await status(user.id);
      if (paid) {
        deps.bus.publish({
          audience: { kind: 'users', userIds: [user.id] },
          event: { t: 'missions.statusChanged', d: after },
        });
        deps.bus.publish({ audience: { kind: 'users', userIds: [user.id] }, event: { t: 'user.updated', d: paid } });
      }
      return { success: true, allMissionsCompleted: after.allMissionsCompleted, rewardTelnet: paid ? reward : 0 };
    },
  };
}

export type MissionService = ReturnType<typeof createMissionService>;
