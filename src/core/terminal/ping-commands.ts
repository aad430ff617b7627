import type { CommandSpec } from './command-line';

/** spec §2/§4 Ping modes: the directory of operators, and a private line with one of them. */
export type PingMode = 'directory' | 'chat';

/**
 * Ping's commands, once (style.md: commands as data). help, Tab completion and dispatch are generated
 * from this table; the client's handlers are declared `satisfies Record<PingCommandName, …>`.
 * In chat mode anything that is not exactly one of its commands is sent as a message.
 */
export const pingCommands = [
  {
    name: 'help',
    modes: ['directory', 'chat'],
    usage: 'help',
    summary: 'list the commands you can use here',
    argument: 'none',
  },
  { name: 'ls', modes: ['directory'], usage: 'ls', summary: 'list operators and who is online', argument: 'none' },
  {
    name: 'inbox',
    modes: ['directory'],
    usage: 'inbox',
    summary: 'list your conversations (! = unread)',
    argument: 'none',
  },
  {
    name: 'cd',
    modes: ['directory'],
    usage: 'cd {username}',
    summary: 'open a private line to an operator',
    argument: 'username',
  },
  { name: 'clear', modes: ['directory'], usage: 'clear', summary: 'clear the screen', argument: 'none' },
  {
    name: 'exit',
    modes: ['chat'],
    usage: 'exit',
    summary: 'close the line and go back to the directory',
    argument: 'none',
  },
] as const satisfies readonly CommandSpec<string, PingMode>[];

export type PingCommandName = (typeof pingCommands)[number]['name'];
