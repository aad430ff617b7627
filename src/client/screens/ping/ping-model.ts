import { infra } from '../../../core/infra';
import type { DirectoryUser } from '../../../core/api/ping';
import { limits } from '../../../core/rules/account';
import { texts } from '../../../core/texts';
import { ApiError, statusOf } from '../../lib/api-error';
import {
  appendBounded,
  commandsIn,
  completeCommandLine,
  completeWord,
  parseCommand,
  splitLine,
  type Completion,
  type ParsedCommand,
} from '../../../core/terminal/command-line';
import { pingCommands, type PingCommandName, type PingMode } from '../../../core/terminal/ping-commands';

export type PingInput = ParsedCommand<PingCommandName> | { kind: 'message'; text: string };

/**
 * A line typed at the Ping prompt. In the directory every line is a command; in chat mode only a line
 * that is exactly one of chat mode's commands ('exit', 'help') is one — everything else is a message.
 */
export function parsePingInput(mode: PingMode, line: string): PingInput {
  if (mode === 'directory') return parseCommand(pingCommands, mode, line);
  const text = line.trim();
  if (!text) return { kind: 'empty' };
  const { word, rest } = splitLine(text);
  const command = commandsIn(pingCommands, 'chat').find((c) => c.name === word.toLowerCase());
  return command && !rest ? { kind: 'command', name: command.name, arg: '' } : { kind: 'message', text };
}

/**
 * Tab at the Ping prompt: commands and usernames in the directory; in chat mode a command when the
 * line is the start of one, else the last word completes to a username (to name someone).
 */
export function completePingInput(mode: PingMode, line: string, usernames: readonly string[]): Completion {
  if (mode === 'directory') return completeCommandLine(pingCommands, mode, line, usernames);
  if (!/\s/.test(line.trim())) {
    const command = completeCommandLine(pingCommands, mode, line, usernames);
    if (command.line !== line.trimStart() || command.options.length > 0) return command;
  }
  const match = /(\S*)$/.exec(line);
  const partial = match?.[1] ?? '';
  if (!partial) return { line, options: [] };
  const done = completeWord(partial, usernames);
  return {
    line: line.slice(0, line.length - partial.length) + done.word + (done.unique ? ' ' : ''),
    options: done.options,
  };
}

export type CdTarget =
  { kind: 'missing' } | { kind: 'self' } | { kind: 'not-found' } | { kind: 'lookup'; username: string };

/**
 * What 'cd {username}' should do before asking the server (spec §5): no name → 'error: missing
 * username'; the player's own name → 'cannot initiate chat with yourself'; a name no account can have
 * → 'user not found'. Usernames compare case-insensitively, as the server looks them up.
 */
export function cdTarget(arg: string, myUsername: string): CdTarget {
  const username = arg.trim();
  if (!username) return { kind: 'missing' };
  if (username.toLowerCase() === myUsername.toLowerCase()) return { kind: 'self' };
  if (username.length > limits.usernameMax) return { kind: 'not-found' };
  return { kind: 'lookup', username };
}

/** spec §8 terminal text for an unknown command. */
export function commandNotFoundText(word: string): string {
  return texts.commandNotFound.replace('{cmd}', word);
}

/** A command that exists, but not in this mode. */
export function wrongModeText(name: string, mode: PingMode): string {
  return texts.ping.wrongMode(name, mode);
}

export interface DirectoryRow {
  id: number;
  username: string;
  isOnline: boolean;
  isMe: boolean;
  hasUnread: boolean;
}

/** The directory as Ping lists it: online first, then by name; the player's own row and unread senders marked. */
export function directoryRows(
  users: readonly DirectoryUser[],
  unread: readonly string[],
  meId: number,
): DirectoryRow[] {
  const unreadSet = new Set(unread.map((u) => u.toLowerCase()));
  return users
    .map((u) => ({ ...u, isMe: u.id === meId, hasUnread: unreadSet.has(u.username.toLowerCase()) }))
    .sort(
      (a, b) =>
        Number(b.isOnline) - Number(a.isOnline) ||
        a.username.toLowerCase().localeCompare(b.username.toLowerCase()) ||
        a.id - b.id,
    );
}

/** Whether the unread list names a partner (the server spells names as registered). */
export function isUnreadFrom(unread: readonly string[] | undefined, username: string): boolean {
  const lower = username.toLowerCase();
  return unread?.some((u) => u.toLowerCase() === lower) ?? false;
}

/** Names Tab can complete: the directory and past conversations, without the player's own. */
export function completionNames(
  users: readonly DirectoryUser[] | undefined,
  conversations: readonly string[] | undefined,
  me: string,
): string[] {
  const names = [...(users ?? []).map((u) => u.username), ...(conversations ?? [])];
  const lowerMe = me.toLowerCase();
  return [...new Set(names)].filter((n) => n.toLowerCase() !== lowerMe);
}

/** One thing printed in the terminal's output. */
export type LogEntry =
  | { id: number; kind: 'echo'; prompt: string; text: string }
  | { id: number; kind: 'line'; tone: 'info' | 'ok' | 'error' | 'muted'; text: string }
  | { id: number; kind: 'help'; rows: { usage: string; summary: string }[]; footer?: string }
  | { id: number; kind: 'directory'; rows: DirectoryRow[] }
  | { id: number; kind: 'conversations'; rows: { username: string; hasUnread: boolean }[] };

type Draft<E> = E extends unknown ? Omit<E, 'id'> : never;
export type LogDraft = Draft<LogEntry>;

/** The output buffer: bounded, dropping the oldest in one batch (lichess keeps 200 and drops 50). */
export interface LogState {
  entries: LogEntry[];
  nextId: number;
}

export const emptyLog: LogState = { entries: [], nextId: 1 };

export function printEntries(log: LogState, drafts: readonly LogDraft[]): LogState {
  const stamped = drafts.map((d, i) => ({ ...d, id: log.nextId + i }) as LogEntry);
  return {
    entries: appendBounded(log.entries, stamped, infra.terminalLogMax, infra.terminalLogDropBatch),
    nextId: log.nextId + drafts.length,
  };
}

/** Who the player is talking to in chat mode. */
export interface Partner {
  id: number;
  username: string;
}

export type PingModeState = { kind: 'directory' } | { kind: 'chat'; partner: Partner };

/** The command line's state: the mode, the directory's output and chat mode's own notes. */
export interface PingState {
  mode: PingModeState;
  log: LogState;
  /** Lines printed on an open line (help, send errors); they go when the line closes. */
  notes: LogState;
}

export type PingAction =
  { type: 'print'; drafts: LogDraft[] } | { type: 'enter'; partner: Partner } | { type: 'exit' } | { type: 'clear' };

export function initialPingState(welcome: LogDraft[]): PingState {
  return { mode: { kind: 'directory' }, log: printEntries(emptyLog, welcome), notes: emptyLog };
}

/** The prompt before the input, as a shell would: who@where, then the path ('~' or the open line). */
export function promptParts(me: string, mode: PingModeState): { host: string; path: string } {
  return { host: `${me}@ping:`, path: mode.kind === 'chat' ? `~/${mode.partner.username}>` : '~$' };
}

/** The prompt as one string, as echoed lines show it. */
export function promptFor(me: string, mode: PingModeState): string {
  const { host, path } = promptParts(me, mode);
  return host + path;
}

export function pingReducer(state: PingState, action: PingAction): PingState {
  switch (action.type) {
    case 'print':
      // Printing goes where the player is looking: the open line's notes, or the directory's log.
      return state.mode.kind === 'chat'
        ? { ...state, notes: printEntries(state.notes, action.drafts) }
        : { ...state, log: printEntries(state.log, action.drafts) };
    case 'enter':
      return {
        ...state,
        mode: { kind: 'chat', partner: action.partner },
        notes: emptyLog,
        log: printEntries(state.log, [
          { kind: 'line', tone: 'ok', text: texts.ping.lineOpened(action.partner.username) },
        ]),
      };
    case 'exit': {
      if (state.mode.kind !== 'chat') return state;
      const closed: LogDraft = {
        kind: 'line',
        tone: 'muted',
        text: texts.ping.lineClosed(state.mode.partner.username),
      };
      return { ...state, mode: { kind: 'directory' }, notes: emptyLog, log: printEntries(state.log, [closed]) };
    }
    case 'clear':
      return state.mode.kind === 'chat'
        ? { ...state, notes: emptyLog }
        : { ...state, log: { entries: [], nextId: state.log.nextId } };
  }
}

/** A failed private message, printed as the terminal prints errors ('error: …', spec §8). */
export function sendErrorText(error: unknown): string {
  const status = statusOf(error);
  if (error instanceof ApiError && status !== null && status >= 400 && status < 500 && error.serverMessage) {
    return texts.ping.errorLine(error.serverMessage);
  }
  return texts.ping.errorLine(texts.chatSendFailed);
}

/** A failed 'cd' lookup: 404 is 'user not found' (spec §5), anything else the terminal's 'error: …'. */
export function lookupErrorText(error: unknown): string {
  if (statusOf(error) === 404) return texts.pingUserNotFound;
  return texts.ping.errorLine(
    error instanceof ApiError ? error.serverMessage || texts.ping.connectionFailed : texts.ping.connectionFailed,
  );
}
