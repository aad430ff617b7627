import { describe, expect, it } from 'vitest';
import {
  appendBounded,
  commonPrefix,
  completeCommandLine,
  completeWord,
  emptyHistory,
  helpRows,
  historyBack,
  historyForward,
  parseCommand,
  rememberLine,
  splitLine,
  type CommandSpec,
} from './command-line';

type Mode = 'a' | 'b';
const table = [
  { name: 'help', modes: ['a', 'b'], usage: 'help', summary: 'list commands', argument: 'none' },
  { name: 'ls', modes: ['a'], usage: 'ls', summary: 'list', argument: 'none' },
  { name: 'cd', modes: ['a'], usage: 'cd {username}', summary: 'go', argument: 'username' },
  { name: 'clear', modes: ['a'], usage: 'clear', summary: 'wipe', argument: 'none' },
  { name: 'exit', modes: ['b'], usage: 'exit', summary: 'leave', argument: 'none' },
] as const satisfies readonly CommandSpec<string, Mode>[];

describe('parsing a line against the command table', () => {
  it.each([
    ['', { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
    ['ls', { kind: 'command', name: 'ls', arg: '' }],
    ['  LS  ', { kind: 'command', name: 'ls', arg: '' }],
    ['cd Trinity', { kind: 'command', name: 'cd', arg: 'Trinity' }],
    ['cd   Agent  Smith  ', { kind: 'command', name: 'cd', arg: 'Agent  Smith' }],
    ['exit', { kind: 'wrong-mode', name: 'exit' }],
    ['rm -rf /', { kind: 'unknown', word: 'rm' }],
  ])('%j in mode a → %j', (line, expected) => {
    expect(parseCommand(table, 'a', line)).toEqual(expected);
  });

  it('splits the first word from a rest that may hold spaces', () => {
    expect(splitLine('  cd  Agent Smith ')).toEqual({ word: 'cd', rest: 'Agent Smith' });
    expect(splitLine('ls')).toEqual({ word: 'ls', rest: '' });
  });

  it('generates help for a mode from the same table', () => {
    expect(helpRows(table, 'b')).toEqual([
      { usage: 'help', summary: 'list commands' },
      { usage: 'exit', summary: 'leave' },
    ]);
    expect(helpRows(table, 'a').map((r) => r.usage)).toEqual(['help', 'ls', 'cd {username}', 'clear']);
  });
});

describe('Tab completion', () => {
  const names = ['Trinity', 'trinket', 'Morpheus', 'Agent Smith'];

  it('completes a command of the mode, with a space when it takes an argument', () => {
    expect(completeCommandLine(table, 'a', 'l', names)).toEqual({ line: 'ls', options: [] });
    expect(completeCommandLine(table, 'a', 'c', names)).toEqual({ line: 'c', options: ['cd', 'clear'] });
    expect(completeCommandLine(table, 'a', 'cd', names)).toEqual({ line: 'cd ', options: [] });
    expect(completeCommandLine(table, 'a', 'cl', names)).toEqual({ line: 'clear', options: [] });
    expect(completeCommandLine(table, 'b', 'e', names)).toEqual({ line: 'exit', options: [] });
    expect(completeCommandLine(table, 'a', 'e', names)).toEqual({ line: 'e', options: [] });
  });

  it('completes usernames after cd, case-insensitively, to the shared prefix of several', () => {
    expect(completeCommandLine(table, 'a', 'cd mor', names)).toEqual({ line: 'cd Morpheus', options: [] });
    expect(completeCommandLine(table, 'a', 'cd tri', names)).toEqual({
      line: 'cd Trin',
      options: ['Trinity', 'trinket'],
    });
    expect(completeCommandLine(table, 'a', 'cd agent s', names)).toEqual({ line: 'cd Agent Smith', options: [] });
    expect(completeCommandLine(table, 'a', 'cd zz', names)).toEqual({ line: 'cd zz', options: [] });
    expect(completeCommandLine(table, 'a', 'ls foo', names)).toEqual({ line: 'ls foo', options: [] });
  });

  it('finds the shared prefix in the first value’s casing', () => {
    expect(commonPrefix(['Trinity', 'trinket'])).toBe('Trin');
    expect(commonPrefix(['abc'])).toBe('abc');
    expect(commonPrefix([])).toBe('');
    expect(completeWord('x', ['a'])).toEqual({ word: 'x', options: [], unique: false });
  });
});

describe('↑/↓ history', () => {
  const typed = ['ls', 'cd neo', 'help'].reduce((h, line) => rememberLine(h, line, 50), emptyHistory);

  it('walks back through lines and forward to the draft', () => {
    let step = historyBack(typed, 'draft');
    expect(step.line).toBe('help');
    step = historyBack(step.history, step.line);
    expect(step.line).toBe('cd neo');
    step = historyBack(step.history, step.line);
    step = historyBack(step.history, step.line);
    expect(step.line).toBe('ls');
    step = historyForward(step.history, step.line);
    expect(step.line).toBe('cd neo');
    step = historyForward(step.history, step.line);
    step = historyForward(step.history, step.line);
    expect(step.line).toBe('draft');
    expect(step.history.cursor).toBeNull();
    expect(historyForward(step.history, 'x').line).toBe('x');
  });

  it('skips empty lines and a repeat of the previous line, and keeps the newest `max`', () => {
    let h = rememberLine(emptyHistory, 'ls', 3);
    h = rememberLine(h, 'ls', 3);
    h = rememberLine(h, '   ', 3);
    expect(h.entries).toEqual(['ls']);
    for (const line of ['a', 'b', 'c', 'd']) h = rememberLine(h, line, 3);
    expect(h.entries).toEqual(['b', 'c', 'd']);
    expect(historyBack(emptyHistory, 'x')).toEqual({ history: emptyHistory, line: 'x' });
  });
});

describe('bounded output', () => {
  it('drops the oldest in one batch past the limit', () => {
    const full = Array.from({ length: 200 }, (_, i) => i);
    expect(appendBounded(full.slice(0, 199), [199], 200, 50)).toHaveLength(200);
    const next = appendBounded(full, [200], 200, 50);
    expect(next).toHaveLength(151);
    expect(next[0]).toBe(50);
    expect(next.at(-1)).toBe(200);
  });
});
