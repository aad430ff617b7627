import type { MissionId } from '../rules/missions';

export interface MissionBriefing {
  title: string;
  description: string;
  /** Steps shown under the collapsible instructions (spec §2). */
  instructions: string[];
}

/** Every mission's briefing (spec §3 ids), written once in the game's voice. */
export const missionBriefings = {
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
      "Type 'cd {username}' to open a line to another operator. Nobody online? 'cd developer' always answers.",
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
    description: 'The developer left a Token on their box. Breach it and take it.',
    instructions: [
      "From the terminal, ssh into the developer's file system.",
      "Find the Token with ls and cd, then type 'hack' with its path.",
      'You have 60 seconds before the intrusion times out.',
    ],
  },
  purchase_kernel_bit: {
    title: 'CLAIM A BIT',
    description: 'The Kernel is a shared canvas every operator paints on. Buy one bit and mark it yours.',
    instructions: [
      'Open KERNEL from the SYSTEM menu and choose your colour.',
      'Double-click (double-tap) a free bit, or press Enter on the one under the cursor, and confirm.',
      'Bits cost 20 Telnet at the centre, down to 1 at the corners.',
    ],
  },
} as const satisfies Record<MissionId, MissionBriefing>;
