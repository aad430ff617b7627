import type { FsItem, FsStatus, ScanResult } from '../../../core/api/filesystem';
import { infra } from '../../../core/infra';
import { appendBounded, parseCommand, type ParsedCommand } from '../../../core/terminal/command-line';
import {
  terminalCommands,
  type KnownEntry,
  type TerminalCommandName,
  type TerminalMode,
} from '../../../core/terminal/terminal-commands';
import { terminalTexts as t } from '../../../core/texts/terminal';
import { ApiError, statusOf } from '../../lib/api-error';

/** Where the player is: the mode, whose system, the directory, and (in an intrusion) its id and local deadline. */
export interface TerminalSession {
  mode: TerminalMode;
  target: string | null;
  cwd: string;
  intrusionId: number | null;
  /** ms on this tab's clock when the server's limit runs out (from timeLimit, not the server's clock). */
  deadline: number | null;
}

export type LogDraft =
  | { kind: 'echo'; prompt: string; text: string }
  | { kind: 'line'; tone: 'ok' | 'muted' | 'error' | 'info' | 'telnet'; text: string }
  | { kind: 'help'; rows: { usage: string; summary: string }[] }
  | { kind: 'listing'; path: string; items: FsItem[] }
  | { kind: 'status'; status: FsStatus }
  | { kind: 'scan'; scan: ScanResult };
export type LogEntry = LogDraft & { id: number };

export interface TerminalState {
  session: TerminalSession;
  log: { entries: LogEntry[]; nextId: number };
  /** Directories listed in this session (path → entries), for Tab completion. */
  listed: ReadonlyMap<string, readonly KnownEntry[]>;
}

export const terminalHome: TerminalSession = {
  mode: 'terminal',
  target: null,
  cwd: '/',
  intrusionId: null,
  deadline: null,
};

export type TerminalAction =
  | { type: 'print'; drafts: LogDraft[] }
  | { type: 'clear' }
  | { type: 'enter'; session: TerminalSession; listing: FsItem[] }
  | { type: 'cd'; path: string; listing: FsItem[] }
  | { type: 'listed'; path: string; listing: FsItem[] }
  | { type: 'leave' };

const entriesOf = (items: FsItem[]): KnownEntry[] => items.map((i) => ({ name: i.name, type: i.type }));

export function initialTerminalState(): TerminalState {
  return {
    session: terminalHome,
    log: {
      entries: [
        { id: 0, kind: 'line', tone: 'ok', text: 'BITBREACH TERMINAL // uplink ready' },
        {
          id: 1,
          kind: 'line',
          tone: 'muted',
          text: "type 'help' for commands · 'ssh {username}' opens a file system · 'ssh chatroom' joins the global chat",
        },
      ],
      nextId: 2,
    },
    listed: new Map(),
  };
}

/** The Terminal's pure state: the session and the bounded output (tested without a DOM). */
export function terminalReducer(state: TerminalState, action: TerminalAction): TerminalState {
  switch (action.type) {
    case 'print': {
      const added = action.drafts.map((d, i) => ({ ...d, id: state.log.nextId + i }) as LogEntry);
      return {
        ...state,
        log: {
          entries: appendBounded(state.log.entries, added, infra.terminalLogMax, infra.terminalLogDropBatch),
          nextId: state.log.nextId + added.length,
        },
      };
    }
    case 'clear':
      return { ...state, log: { entries: [], nextId: state.log.nextId } };
    case 'enter':
      return { ...state, session: action.session, listed: new Map([[action.session.cwd, entriesOf(action.listing)]]) };
    case 'cd':
      return {
        ...state,
        session: { ...state.session, cwd: action.path },
        listed: new Map(state.listed).set(action.path, entriesOf(action.listing)),
      };
    case 'listed':
      return { ...state, listed: new Map(state.listed).set(action.path, entriesOf(action.listing)) };
    case 'leave':
      return { ...state, session: terminalHome, listed: new Map() };
  }
}

export type TerminalInput = ParsedCommand<TerminalCommandName> | { kind: 'chat'; text: string };

/** A typed line: in the chatroom anything that is not exactly 'help', 'clear' or 'exit' is a chat line. */
export function parseTerminalInput(mode: TerminalMode, line: string): TerminalInput {
  const parsed = parseCommand(terminalCommands, mode, line);
  if (mode !== 'chatroom' || parsed.kind === 'empty') return parsed;
  if (parsed.kind === 'command' && parsed.arg === '') return parsed;
  return { kind: 'chat', text: line.trim() };
}

/**
 * spec §8: a failed call prints 'error: {server message or Connection failed}'. A server that answered
 * without a message (a 5xx, an empty 4xx) gets the command's own spec failure text ('failed to list
 * directory', …); only no answer at all is 'Connection failed'.
 */
export function errorLine(error: unknown, fallback?: string): string {
  const status = statusOf(error);
  if (error instanceof ApiError && status !== null && status < 500 && error.serverMessage) {
    const message = error.serverMessage;
    return message.startsWith('error: ') || message === t.sessionExpired ? message : t.errorLine(message);
  }
  return t.errorLine(status !== null && fallback ? fallback : t.connectionFailed);
}

/** The spec's failure text of each command that calls the server (§8), for an answer without a message. */
export const failureTexts: Partial<Record<TerminalCommandName, string>> = {
  ls: t.listFailed,
  cd: t.listFailed,
  scan: t.listFailed,
  mkdir: t.mkdirFailed,
  mv: t.moveFailed,
  rm: t.removeFailed,
  hack: t.hackFailed,
  status: t.statusFailed,
};

/** Whole seconds left on an intrusion's countdown (never negative). */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** A wrong-mode command: writes only at root, hack only in an intrusion (spec §5). */
export function wrongModeText(name: TerminalCommandName, mode: TerminalMode): string {
  if (mode === 'intrusion') return t.errorLine(`${name}: permission denied (read-only intrusion)`);
  if (name === 'hack') return t.errorLine('hack: only inside an intrusion (ssh {username})');
  if (mode === 'terminal') return t.errorLine(`${name}: open a file system first (ssh {username})`);
  return t.errorLine(`${name}: not available here — type 'exit' first`);
}
