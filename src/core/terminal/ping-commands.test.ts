import { describe, expect, it } from 'vitest';
import { completeCommandLine, helpRows, parseCommand } from './command-line';
import { pingCommands } from './ping-commands';

describe("Ping's command table", () => {
  it('names each command once and puts every command in at least one mode', () => {
    const names = pingCommands.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const command of pingCommands) expect(command.modes.length).toBeGreaterThan(0);
  });

  it.each(pingCommands.map((c) => [c.name, c] as const))(
    '%s: usage starts with the name and shows its argument',
    (name, command) => {
      expect(command.usage.split(' ')[0]).toBe(name);
      expect(command.usage.includes('{username}')).toBe(command.argument === 'username');
    },
  );

  it('offers help in every mode, so a player is never stuck', () => {
    for (const mode of ['directory', 'chat'] as const) {
      expect(helpRows(pingCommands, mode).map((r) => r.usage)).toContain('help');
    }
  });

  it.each([
    ['directory', 'cd neo', { kind: 'command', name: 'cd', arg: 'neo' }],
    ['directory', 'exit', { kind: 'wrong-mode', name: 'exit' }],
    ['chat', 'exit', { kind: 'command', name: 'exit', arg: '' }],
    ['chat', 'rm -rf', { kind: 'unknown', word: 'rm' }],
  ] as const)('%s: %j parses to %j', (mode, line, expected) => {
    expect(parseCommand(pingCommands, mode, line)).toEqual(expected);
  });

  it("completes 'c' to 'cd ' in the directory (cd takes a username)", () => {
    expect(completeCommandLine(pingCommands, 'directory', 'c', []).options).toEqual(['cd', 'clear']);
    expect(completeCommandLine(pingCommands, 'directory', 'cl', []).line).toBe('clear');
    expect(completeCommandLine(pingCommands, 'directory', 'cd n', ['Neo', 'Trinity']).line).toBe('cd Neo');
  });
});
