import { usernameSkeleton } from '../rules/account';
import { pingCommands } from './ping-commands';
import { terminalCommands, terminalModes } from './terminal-commands';

/**
 * Usernames nobody may register (ADR 049): a name the Terminal or Ping reads as one of their own
 * words ('ssh chatroom' is the chatroom, never a player), the built-in developer account's, and the
 * screens' path words (client/route-paths.ts; a client test keeps that list and this one in step).
 * Compared by look-alike skeleton, so 'Chatr0om' is as reserved as 'chatroom'.
 */
export const developerUsername = 'developer';
export const routeWords = [
  'mainframe',
  'leaderboard',
  'guide',
  'inventory',
  'kernel',
  'optimizer',
  'chatroom',
  'ping',
  'data-exchange',
  'blockchain',
  'virus',
  'settings',
] as const;

export const reservedUsernames: readonly string[] = [
  ...new Set([
    ...terminalCommands.map((c) => c.name),
    ...pingCommands.map((c) => c.name),
    ...terminalModes,
    developerUsername,
    ...routeWords,
  ]),
];

const reservedSkeletons = new Set(reservedUsernames.map(usernameSkeleton));

/** The name a deleted account's row takes (ADR 057); nobody may register a name that starts like it. */
export const deletedUsernamePrefix = 'deleted-';
const deletedPrefixSkeleton = usernameSkeleton(deletedUsernamePrefix);

/** Whether a new account may not take this (already NFKC-normalised) username. */
export function isReservedUsername(name: string): boolean {
  const skeleton = usernameSkeleton(name);
  return reservedSkeletons.has(skeleton) || skeleton.startsWith(deletedPrefixSkeleton);
}
