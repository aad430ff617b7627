import { z } from 'zod';
import type { MissionStatus } from '../api/missions';
import { featureAvailability, isFeatureAvailable, type FeatureAvailability, type FeatureId } from '../features';

// spec §3: the eight mission ids, in the spec's order; the panel shows the first one not yet done
// among those whose feature has landed (see missionFeature).
export const missionIds = [
  'clear_binary_row',
  'attack_blockchain',
  'send_global_chat',
  'send_private_message',
  'ssh_self_root',
  'create_directory',
  'move_token',
  'hack_developer_token',
] as const;

export const MissionId = z.enum(missionIds);
export type MissionId = z.infer<typeof MissionId>;

export interface MissionText {
  title: string;
  description: string;
  /** Steps shown under the collapsible instructions (spec §2). */
  instructions: string[];
}

/** Every mission's briefing, written once in the game's voice. */
export const missionTexts = {
  clear_binary_row: {
    title: 'DECODE THE SIGNAL',
    description: 'Every breach starts with raw binary. Decode one full row.',
    instructions: [
      'Find the binary panel on the Mainframe.',
      'Type the digits shown with the 0 and 1 keys, or tap the on-screen buttons.',
      'A wrong digit resets the row: all 15 digits count as one decode.',
    ],
  },
  attack_blockchain: {
    title: 'CRACK THE BLOCKCHAIN',
    description: 'The shared Blockchain hides a secret code. Throw a guess at it.',
    instructions: [
      'Open BLOCKCHAIN from the SYSTEM menu.',
      'Enter a guess of exactly the code length, digits 0-9 only, and hit CRACK.',
      'Every guess costs EXP. Filled dots are digits in place, hollow dots are digits out of place.',
    ],
  },
  send_global_chat: {
    title: 'OPEN A CHANNEL',
    description: 'Operators talk on the global chat. Make yourself heard.',
    instructions: [
      'Find the global chat under the binary panel (the CHAT tab on phones).',
      'Type a message and press Enter.',
    ],
  },
  send_private_message: {
    title: 'PING AN OPERATOR',
    description: 'Some intel is not for everyone. Send a private message.',
    instructions: [
      'Open PING from the SYSTEM menu.',
      "Type 'cd {username}' to open a line to another operator.",
      "Type your message and press Enter. 'exit' takes you back to the directory.",
    ],
  },
  ssh_self_root: {
    title: 'ROOT YOUR OWN BOX',
    description: 'Log into your own file system with root access.',
    instructions: [
      'Open TERMINAL from the SYSTEM menu.',
      'ssh into your own username to enter root mode.',
      "Type 'ls' to look around and 'help' for every command.",
    ],
  },
  create_directory: {
    title: 'BUILD A HIDEOUT',
    description: 'Raiders steal what they can find. Create a directory to hide things in.',
    instructions: [
      'In root mode on your own box, type mkdir followed by a name.',
      "Type 'status' to see how many directories you can hold.",
    ],
  },
  move_token: {
    title: 'HIDE YOUR TOKEN',
    description: 'Move your Token into a directory so intruders have to dig for it.',
    instructions: [
      "In root mode, type 'mv Token {directory}/' with the trailing slash.",
      'Without the slash mv would rename it, and a Token cannot be renamed.',
    ],
  },
  hack_developer_token: {
    title: 'HACK THE DEVELOPER',
    description: "The developer left a Token on their box. Breach it and take it.",
    instructions: [
      "From the terminal, ssh into the developer's file system.",
      "Find the Token with ls and cd, then type 'hack' with its path.",
      'You have 60 seconds before the intrusion times out.',
    ],
  },
} as const satisfies Record<MissionId, MissionText>;

/** What the server has seen the player do; each mission is earned by one of these facts. */
export interface MissionEvidence {
  totalTaps: number;
  sentChat: boolean;
  sentPrivateMessage: boolean;
}

/** The feature each mission is played in: a mission counts only once its feature has landed. */
export const missionFeature = {
  clear_binary_row: 'mainframe',
  attack_blockchain: 'blockchain',
  send_global_chat: 'chat',
  send_private_message: 'ping',
  ssh_self_root: 'terminal',
  create_directory: 'terminal',
  move_token: 'terminal',
  hack_developer_token: 'terminal',
} as const satisfies Record<MissionId, FeatureId>;

/** Whether a mission can be played now: its feature is available. */
export function isMissionAvailable(id: MissionId, availability: FeatureAvailability = featureAvailability): boolean {
  return isFeatureAvailable(missionFeature[id], availability);
}

// A mission whose feature has not landed yet (blockchain, terminal file systems) is never earned:
// its check is wired in the change that flips its feature's availability.
const earnedBy = {
  clear_binary_row: (e) => e.totalTaps > 0,
  attack_blockchain: () => false,
  send_global_chat: (e) => e.sentChat,
  send_private_message: (e) => e.sentPrivateMessage,
  ssh_self_root: () => false,
  create_directory: () => false,
  move_token: () => false,
  hack_developer_token: () => false,
} satisfies Record<MissionId, (e: MissionEvidence) => boolean>;

/** Whether the player's own actions earn a mission (the server decides, never the client); never while its feature is unavailable. */
export function isMissionEarned(id: MissionId, evidence: MissionEvidence, availability: FeatureAvailability = featureAvailability): boolean {
  return isMissionAvailable(id, availability) && earnedBy[id](evidence);
}

/**
 * The completed missions in spec order and the current one: the first not done whose feature is
 * available (missions of missing features are skipped, not completed, and return when it lands).
 * null when nothing can be played now.
 */
export function missionProgress(completed: Iterable<MissionId>, availability: FeatureAvailability = featureAvailability) {
  const done = new Set(completed);
  const completedMissions = missionIds.filter((id) => done.has(id));
  const current = missionIds.find((id) => !done.has(id) && isMissionAvailable(id, availability)) ?? null;
  return {
    completedMissions,
    currentMission: current,
    totalMissions: missionIds.length,
    allMissionsCompleted: completedMissions.length === missionIds.length,
  };
}

/** GET /api/missions/status's answer (spec §3), built once for the server and the client. */
export function buildMissionStatus(completed: Iterable<MissionId>, availability: FeatureAvailability = featureAvailability): MissionStatus {
  const progress = missionProgress(completed, availability);
  const current = progress.currentMission;
  return {
    // spec §2: when all are finished the panel hides; it hides too while no available mission is left.
    showMissions: current !== null,
    currentMission: current ? { id: current, ...missionTexts[current], instructions: [...missionTexts[current].instructions] } : null,
    completedMissions: progress.completedMissions,
    totalMissions: progress.totalMissions,
    allMissionsCompleted: progress.allMissionsCompleted,
  };
}
