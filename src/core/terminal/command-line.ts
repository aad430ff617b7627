/**
 * A command line's pure parts — parse, help, Tab completion, ↑/↓ history, a bounded output buffer —
 * driven by one command table (style.md: commands as data; help, completion and dispatch are
 * generated from it). Ping's table is ping-commands.ts beside it; the Terminal (/chatroom) adds its own
 * here, so the server and the client agree on the same definitions.
 */

/**
 * What a command's argument is, for completion: nothing, a username (the rest of the line), a path
 * in the file system on screen, or an ssh target (a username or 'chatroom'; the Terminal's table).
 */
export type ArgumentKind = 'none' | 'username' | 'path' | 'target';

export interface CommandSpec<Name extends string = string, Mode extends string = string> {
  name: Name;
  /** The modes where the command exists. */
  modes: readonly Mode[];
  /** How to type it, as help shows it: 'cd {username}'. */
  usage: string;
  summary: string;
  argument: ArgumentKind;
}

export type ParsedCommand<Name extends string> =
  | { kind: 'empty' }
  | { kind: 'command'; name: Name; arg: string }
  /** A command of the table that does not exist in this mode. */
  | { kind: 'wrong-mode'; name: Name }
  | { kind: 'unknown'; word: string };

/** The first word and the rest of a line, both trimmed (an argument may hold inner spaces). */
export function splitLine(line: string): { word: string; rest: string } {
  const trimmed = line.trim();
  const space = trimmed.search(/\s/);
  if (space === -1) return { word: trimmed, rest: '' };
  return { word: trimmed.slice(0, space), rest: trimmed.slice(space).trim() };
}

/** The commands that exist in a mode, in table order. */
export function commandsIn<C extends CommandSpec>(table: readonly C[], mode: C['modes'][number]): C[] {
  return table.filter((c) => c.modes.includes(mode));
}

/** A typed line against the table, in a mode. Command names are matched case-insensitively. */
export function parseCommand<C extends CommandSpec>(
  table: readonly C[],
  mode: C['modes'][number],
  line: string,
): ParsedCommand<C['name']> {
  const { word, rest } = splitLine(line);
  if (!word) return { kind: 'empty' };
  const command = table.find((c) => c.name === word.toLowerCase());
  if (!command) return { kind: 'unknown', word };
  if (!command.modes.includes(mode)) return { kind: 'wrong-mode', name: command.name };
  return { kind: 'command', name: command.name, arg: rest };
}

/** help's rows for a mode: usage and summary, generated from the table. */
export function helpRows<C extends CommandSpec>(
  table: readonly C[],
  mode: C['modes'][number],
): { usage: string; summary: string }[] {
  return commandsIn(table, mode).map((c) => ({ usage: c.usage, summary: c.summary }));
}

/** The longest prefix all values share, compared case-insensitively, in the first value's casing. */
export function commonPrefix(values: readonly string[]): string {
  const [first, ...others] = values;
  if (first === undefined) return '';
  let length = first.length;
  for (const value of others) {
    let i = 0;
    while (i < length && i < value.length && value[i]!.toLowerCase() === first[i]!.toLowerCase()) i++;
    length = i;
  }
  return first.slice(0, length);
}

export interface Completion {
  /** The line after Tab. */
  line: string;
  /** Several candidates: shown to the player, as a shell lists them. */
  options: string[];
}

/** Candidates starting with `partial` (case-insensitive), each once, in the given order. */
function matching(candidates: readonly string[], partial: string): string[] {
  const lower = partial.toLowerCase();
  return [...new Set(candidates)].filter((c) => c.toLowerCase().startsWith(lower));
}

/** Completes `partial` among `candidates`: the one match, or the shared prefix of several. */
export function completeWord(
  partial: string,
  candidates: readonly string[],
): { word: string; options: string[]; unique: boolean } {
  const found = matching(candidates, partial);
  if (found.length === 0) return { word: partial, options: [], unique: false };
  if (found.length === 1) return { word: found[0]!, options: [], unique: true };
  const prefix = commonPrefix(found);
  return { word: prefix.length >= partial.length ? prefix : partial, options: found, unique: false };
}

/**
 * Tab on a line: the first word completes to a command of the mode (with a space after it when it
 * takes an argument); a username argument completes to a known username.
 */
export function completeCommandLine<C extends CommandSpec>(
  table: readonly C[],
  mode: C['modes'][number],
  line: string,
  usernames: readonly string[],
): Completion {
  const start = line.trimStart();
  if (!/\s/.test(start)) {
    const names = commandsIn(table, mode).map((c) => c.name);
    const done = completeWord(start, names);
    const command = done.unique ? table.find((c) => c.name === done.word) : undefined;
    return { line: command && command.argument !== 'none' ? `${done.word} ` : done.word, options: done.options };
  }
  const { word, rest } = splitLine(start);
  const command = commandsIn(table, mode).find((c) => c.name === word.toLowerCase());
  if (command?.argument !== 'username') return { line, options: [] };
  const done = completeWord(rest, usernames);
  return { line: `${command.name} ${done.word}`, options: done.options };
}

/** Lines typed before, for ↑/↓; `cursor` is null while the player is on a fresh line (kept as `draft`). */
export interface History {
  entries: readonly string[];
  cursor: number | null;
  draft: string;
}

export const emptyHistory: History = { entries: [], cursor: null, draft: '' };

/** A submitted line joins the history: not when empty, not twice in a row; the oldest go past `max`. */
export function rememberLine(history: History, line: string, max: number): History {
  const trimmed = line.trim();
  const entries = history.entries;
  const next = trimmed && entries[entries.length - 1] !== trimmed ? [...entries, trimmed].slice(-max) : entries;
  return { entries: next, cursor: null, draft: '' };
}

/** ↑: the previous line (the current one is kept as the draft the first time). */
export function historyBack(history: History, current: string): { history: History; line: string } {
  const { entries, cursor } = history;
  if (entries.length === 0) return { history, line: current };
  const next = cursor === null ? entries.length - 1 : Math.max(0, cursor - 1);
  return { history: { entries, cursor: next, draft: cursor === null ? current : history.draft }, line: entries[next]! };
}

/** ↓: the next line, and past the newest the draft again. */
export function historyForward(history: History, current: string): { history: History; line: string } {
  const { entries, cursor } = history;
  if (cursor === null) return { history, line: current };
  if (cursor + 1 >= entries.length) return { history: { entries, cursor: null, draft: '' }, line: history.draft };
  return { history: { ...history, cursor: cursor + 1 }, line: entries[cursor + 1]! };
}

/** Appends to a bounded buffer: past `max` the oldest go in one batch of at least `dropBatch`. */
export function appendBounded<T>(list: readonly T[], items: readonly T[], max: number, dropBatch: number): T[] {
  const next = [...list, ...items];
  if (next.length <= max) return next;
  return next.slice(Math.max(dropBatch, next.length - max));
}
