import { commandsIn, completeWord, splitLine, type CommandSpec, type Completion } from './command-line';
import { resolvePath } from './fs-path';

/**
 * spec §2/§4 Terminal modes: the plain terminal, the global chatroom ('ssh chatroom'), root on
 * one's own file system, and an intrusion into another player's (read-only plus hack).
 */
export type TerminalMode = 'terminal' | 'chatroom' | 'root' | 'intrusion';
export const terminalModes = ['terminal', 'chatroom', 'root', 'intrusion'] as const satisfies readonly TerminalMode[];

/**
 * The Terminal's commands, once (style.md: commands as data). help, Tab completion and dispatch are
 * generated from this table; the client's handlers are declared `satisfies Record<TerminalCommandName, …>`.
 * In the chatroom anything that is not exactly one of its commands is sent as a chat line.
 */
export const terminalCommands = [
  {
    name: 'help',
    modes: ['terminal', 'chatroom', 'root', 'intrusion'],
    usage: 'help',
    summary: 'list the commands you can use here',
    argument: 'none',
  },
  {
    name: 'ssh',
    modes: ['terminal'],
    usage: 'ssh {username|@username|chatroom}',
    summary: 'open a file system (yours: root) or the global chatroom; @name is always a player',
    argument: 'target',
  },
  {
    name: 'scan',
    modes: ['terminal', 'root'],
    usage: 'scan',
    summary: 'list operators near your level: who you may hack now, and why the others are protected',
    argument: 'none',
  },
  { name: 'ls', modes: ['root', 'intrusion'], usage: 'ls [path]', summary: 'list a directory', argument: 'path' },
  {
    name: 'cd',
    modes: ['root', 'intrusion'],
    usage: 'cd {path}',
    summary: "change directory ('..', absolute and relative paths)",
    argument: 'path',
  },
  { name: 'mkdir', modes: ['root'], usage: 'mkdir {name}', summary: 'create a directory', argument: 'path' },
  {
    name: 'mv',
    modes: ['root'],
    usage: 'mv Token {directory}/',
    summary: 'move your Token into a directory to hide it',
    argument: 'path',
  },
  { name: 'rm', modes: ['root'], usage: 'rm {directory}', summary: 'remove an empty directory', argument: 'path' },
  {
    name: 'status',
    modes: ['terminal', 'root'],
    usage: 'status',
    summary: 'directories, extras, attacks received and made, intrusion log',
    argument: 'none',
  },
  {
    name: 'buy-dir',
    modes: ['root'],
    usage: 'buy-dir',
    summary: 'show the price of an extra directory',
    argument: 'none',
  },
  {
    name: 'buy-dir-confirm',
    modes: ['root'],
    usage: 'buy-dir-confirm',
    summary: 'buy an extra directory',
    argument: 'none',
  },
  {
    name: 'hack',
    modes: ['intrusion'],
    usage: 'hack {tokenPath}',
    summary: "steal the Token: 30 % of the owner's telnet",
    argument: 'path',
  },
  {
    name: 'clear',
    modes: ['terminal', 'chatroom', 'root', 'intrusion'],
    usage: 'clear',
    summary: 'clear the screen (Ctrl+L)',
    argument: 'none',
  },
  {
    name: 'exit',
    modes: ['chatroom', 'root', 'intrusion'],
    usage: 'exit',
    summary: 'leave and return to the terminal',
    argument: 'none',
  },
] as const satisfies readonly CommandSpec<string, TerminalMode>[];

export type TerminalCommandName = (typeof terminalCommands)[number]['name'];

/** An entry of a listed directory, as the client keeps it for completion. */
export interface KnownEntry {
  name: string;
  type: 'directory' | 'token';
}

/** What Tab may complete against: usernames, and the directories listed so far (path → entries). */
export interface CompletionContext {
  usernames: readonly string[];
  cwd: string;
  listed: ReadonlyMap<string, readonly KnownEntry[]>;
}

/** Completes a path argument from the directories already listed (never asks the server). */
function completePath(
  partial: string,
  ctx: CompletionContext,
  withToken: boolean,
): { word: string; options: string[] } {
  const slash = partial.lastIndexOf('/');
  const dirPart = slash === -1 ? '' : partial.slice(0, slash + 1);
  const namePart = partial.slice(slash + 1);
  const dir = dirPart === '' ? { ok: true as const, path: ctx.cwd } : resolvePath(ctx.cwd, dirPart);
  if (!dir.ok) return { word: partial, options: [] };
  const entries = (ctx.listed.get(dir.path) ?? []).filter((e) => withToken || e.type === 'directory');
  const names = entries.map((e) => (e.type === 'directory' ? `${e.name}/` : e.name));
  const done = completeWord(namePart, names);
  return { word: dirPart + done.word, options: done.options };
}

/**
 * Tab on a Terminal line: the command word among the mode's commands, then its argument — a
 * username or 'chatroom' for ssh, a listed path for ls/cd/mkdir/mv/rm/hack.
 */
export function completeTerminalLine(mode: TerminalMode, line: string, ctx: CompletionContext): Completion {
  const start = line.trimStart();
  const available = commandsIn(terminalCommands, mode);
  if (!/\s/.test(start)) {
    const done = completeWord(
      start,
      available.map((c) => c.name),
    );
    const command = done.unique ? available.find((c) => c.name === done.word) : undefined;
    return { line: command && command.argument !== 'none' ? `${done.word} ` : done.word, options: done.options };
  }
  const { word, rest } = splitLine(start);
  const command = available.find((c) => c.name === word.toLowerCase());
  if (!command || command.argument === 'none') return { line, options: [] };
  if (command.argument === 'target') {
    if (rest.startsWith(playerPrefix)) {
      const done = completeWord(rest.slice(playerPrefix.length), ctx.usernames);
      return {
        line: `${command.name} ${playerPrefix}${done.word}`,
        options: done.options.map((o) => playerPrefix + o),
      };
    }
    const done = completeWord(rest, ['chatroom', ...ctx.usernames]);
    return { line: `${command.name} ${done.word}`, options: done.options };
  }
  // mv takes two words: 'Token' then the directory; complete the last word typed.
  const words = rest.split(/\s+/);
  const last = line.endsWith(' ') ? '' : (words.at(-1) ?? '');
  const before = line.endsWith(' ') ? rest : words.slice(0, -1).join(' ');
  const done = completePath(last, ctx, command.name === 'hack' || (command.name === 'mv' && words.length <= 1));
  const prefix = before ? `${command.name} ${before} ` : `${command.name} `;
  return { line: `${prefix}${done.word}`, options: done.options };
}

/** The prompt: mode, user or target, and path (spec §2): 'neo@root:/vault$', 'neo→trin:/$', 'chatroom>'. */
export function promptFor(mode: TerminalMode, who: { username: string; target: string | null }, cwd: string): string {
  if (mode === 'chatroom') return `${who.username}@chatroom>`;
  if (mode === 'root') return `${who.username}@root:${cwd}$`;
  if (mode === 'intrusion') return `${who.username}@${who.target ?? '?'}[ssh]:${cwd}$`;
  return `${who.username}@terminal:~$`;
}

/** 'mv Token vault/' → the destination directory; a destination without the trailing slash is a rename (refused). */
export function parseMove(arg: string): { source: string; destination: string; isRename: boolean } | null {
  const words = arg.trim().split(/\s+/);
  if (words.length !== 2 || !words[0] || !words[1]) return null;
  const destination = words[1];
  return {
    source: words[0],
    destination,
    isRename: !destination.endsWith('/') && destination !== '..' && destination !== '.' && destination !== '/',
  };
}

/** What ssh addresses: the global chatroom, or a player by username. */
export type SshTarget = { kind: 'chatroom' } | { kind: 'player'; username: string };

/** The prefix that makes ssh's argument a username whatever it spells ('ssh @chatroom' is the player chatroom; ADR 049). */
export const playerPrefix = '@';

/** ssh's argument: 'chatroom' (any case) is the chatroom, '@name' always the player 'name', anything else a player; null when empty. */
export function parseSshTarget(arg: string): SshTarget | null {
  const target = arg.trim();
  if (target.startsWith(playerPrefix)) {
    const username = target.slice(playerPrefix.length).trim();
    return username ? { kind: 'player', username } : null;
  }
  if (!target) return null;
  return target.toLowerCase() === 'chatroom' ? { kind: 'chatroom' } : { kind: 'player', username: target };
}
