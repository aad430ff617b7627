import { z } from 'zod';
import type { MissionStatus } from '../api/missions';
import { missionBriefings, type MissionBriefing } from '../texts/mission-briefings';
import type { FeatureId } from '../features';

// spec §3: the eight mission ids, in the spec's order, then the Kernel's purchase_kernel_bit (ADR 024);
// the panel shows the first one not yet done.
export const missionIds = [
  'clear_binary_row',
  'attack_blockchain',
  'send_global_chat',
  'send_private_message',
  'ssh_self_root',
  'create_directory',
  'move_token',
  'hack_developer_token',
  'purchase_kernel_bit',
] as const;

export const MissionId = z.enum(missionIds);
export type MissionId = z.infer<typeof MissionId>;

/** Every mission's briefing (title, description, instructions), kept with the other texts. */
export const missionTexts = missionBriefings;
export type MissionText = MissionBriefing;

/** What the server has seen the player do; each mission is earned by one of these facts. */
export interface MissionEvidence {
  totalTaps: number;
  sentChat: boolean;
  sentPrivateMessage: boolean;
  /** The player has made a real guess at a Blockchain code. */
  attackedBlockchain?: boolean;
  /** The Terminal actions the server stamped (own root ssh, mkdir, the Token moved into a directory, the developer hacked). */
  terminal?: { sshedSelf: boolean; createdDirectory: boolean; movedToken: boolean; hackedDeveloper: boolean };
  /** The player owns at least one Kernel bit they bought. */
  boughtKernelBit?: boolean;
}

/** The feature each mission is played in (the mission strip's GO goes to its screen). */
export const missionFeature = {
  clear_binary_row: 'mainframe',
  attack_blockchain: 'blockchain',
  send_global_chat: 'chat',
  send_private_message: 'ping',
  ssh_self_root: 'terminal',
  create_directory: 'terminal',
  move_token: 'terminal',
  hack_developer_token: 'terminal',
  purchase_kernel_bit: 'kernel',
} as const satisfies Record<MissionId, FeatureId>;

const earnedBy = {
  clear_binary_row: (e) => e.totalTaps > 0,
  attack_blockchain: (e) => e.attackedBlockchain === true,
  send_global_chat: (e) => e.sentChat,
  send_private_message: (e) => e.sentPrivateMessage,
  ssh_self_root: (e) => e.terminal?.sshedSelf === true,
  create_directory: (e) => e.terminal?.createdDirectory === true,
  move_token: (e) => e.terminal?.movedToken === true,
  hack_developer_token: (e) => e.terminal?.hackedDeveloper === true,
  purchase_kernel_bit: (e) => e.boughtKernelBit === true,
} satisfies Record<MissionId, (e: MissionEvidence) => boolean>;

/** Whether the player's own actions earn a mission (the server decides, never the client). */
export function isMissionEarned(id: MissionId, evidence: MissionEvidence): boolean {
  return earnedBy[id](evidence);
}

/** The completed missions in spec order and the current one: the first not done, null when all are. */
export function missionProgress(completed: Iterable<MissionId>) {
  const done = new Set(completed);
  const completedMissions = missionIds.filter((id) => done.has(id));
  const current = missionIds.find((id) => !done.has(id)) ?? null;
  return {
    completedMissions,
    currentMission: current,
    totalMissions: missionIds.length,
    allMissionsCompleted: completedMissions.length === missionIds.length,
  };
}

/** GET /api/missions/status's answer (spec §3), built once for the server and the client. */
export function buildMissionStatus(completed: Iterable<MissionId>): MissionStatus {
  const progress = missionProgress(completed);
  const current = progress.currentMission;
  return {
    // spec §2: when all are finished the panel hides (ADR 063: it says what to do next instead).
    showMissions: current !== null,
    currentMission: current
      ? { id: current, ...missionTexts[current], instructions: [...missionTexts[current].instructions] }
      : null,
    completedMissions: progress.completedMissions,
    totalMissions: progress.totalMissions,
    allMissionsCompleted: progress.allMissionsCompleted,
  };
}
