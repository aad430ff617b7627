import { describe, expect, it } from 'vitest';
import { helpRows, parseCommand } from './command-line';
import { developerUsername } from './reserved-names';
import {
  completeTerminalLine,
  parseMove,
  promptFor,
  terminalCommands,
  terminalModes,
  type CompletionContext,
} from './terminal-commands';

const ctx: CompletionContext = {
  usernames: ['neo', 'Trinity', 'tank'],
  cwd: '/',
  listed: new Map([
    [
      '/',
      [
        { name: 'vault', type: 'directory' as const },
        { name: 'var', type: 'directory' as const },
        { name: 'Token', type: 'token' as const },
      ],
    ],
    ['/vault', [{ name: 'deep', type: 'directory' as const }]],
  ]),
};

describe("the Terminal's command table", () => {
  it('names each command once; usage starts with the name; help exists in every mode', () => {
    const names = terminalCommands.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const c of terminalCommands) expect(c.usage.split(' ')[0]).toBe(c.name);
    for (const mode of terminalModes) expect(helpRows(terminalCommands, mode).map((r) => r.usage)).toContain('help');
  });

  it('keeps writes to root and hack to intrusions (spec §5)', () => {
    for (const name of ['mkdir', 'mv', 'rm', 'buy-dir', 'buy-dir-confirm'])
      expect(parseCommand(terminalCommands, 'intrusion', `${name} x`).kind).toBe('wrong-mode');
    expect(parseCommand(terminalCommands, 'root', 'hack /Token').kind).toBe('wrong-mode');
    expect(parseCommand(terminalCommands, 'intrusion', 'hack /vault/Token')).toEqual({
      kind: 'command',
      name: 'hack',
      arg: '/vault/Token',
    });
    expect(parseCommand(terminalCommands, 'terminal', 'sudo rm')).toEqual({ kind: 'unknown', word: 'sudo' });
  });

  it('completes commands, ssh targets and listed paths', () => {
    expect(completeTerminalLine('terminal', 's', ctx).options).toEqual(['ssh', 'scan', 'status']);
    expect(completeTerminalLine('terminal', 'ss', ctx).line).toBe('ssh ');
    expect(completeTerminalLine('terminal', 'ssh tr', ctx).line).toBe('ssh Trinity');
    expect(completeTerminalLine('terminal', 'ssh c', ctx).line).toBe('ssh chatroom');
    expect(completeTerminalLine('root', 'cd va', ctx)).toEqual({ line: 'cd va', options: ['vault/', 'var/'] });
    expect(completeTerminalLine('root', 'cd vau', ctx).line).toBe('cd vault/');
    expect(completeTerminalLine('root', 'cd vault/d', ctx).line).toBe('cd vault/deep/');
    expect(completeTerminalLine('root', 'cd T', ctx).line).toBe('cd T'); // cd never completes to the Token
    expect(completeTerminalLine('intrusion', 'hack T', ctx).line).toBe('hack Token');
    expect(completeTerminalLine('root', 'mv T', ctx).line).toBe('mv Token');
    expect(completeTerminalLine('root', 'mv Token vau', ctx).line).toBe('mv Token vault/');
  });

  it('completes every argument like a shell: mv Token va⇥ lists both directories, ssh ⇥ lists every known name', () => {
    expect(completeTerminalLine('root', 'mv Token va', ctx)).toEqual({
      line: 'mv Token va',
      options: ['vault/', 'var/'],
    });
    expect(completeTerminalLine('root', 'mv Token var', ctx).line).toBe('mv Token var/');
    expect(completeTerminalLine('root', 'mv Token vault/d', ctx).line).toBe('mv Token vault/deep/');
    const withDeveloper = { ...ctx, usernames: [...ctx.usernames, developerUsername] };
    expect(completeTerminalLine('terminal', 'ssh ', withDeveloper).options).toEqual(
      expect.arrayContaining(['chatroom', 'neo', 'Trinity', 'tank', 'developer']),
    );
    expect(completeTerminalLine('terminal', 'ssh dev', withDeveloper).line).toBe('ssh developer');
    expect(completeTerminalLine('terminal', 'ssh @t', withDeveloper).options).toEqual(['@Trinity', '@tank']);
    expect(completeTerminalLine('terminal', 'sc', ctx).line).toBe('scan');
    expect(completeTerminalLine('intrusion', 'sc', ctx).line).toBe('sc'); // scan is not an intrusion command
  });

  it('reads mv: a trailing slash moves, no slash would rename', () => {
    expect(parseMove('Token vault/')).toEqual({ source: 'Token', destination: 'vault/', isRename: false });
    expect(parseMove('Token vault')?.isRename).toBe(true);
    expect(parseMove('Token ..')?.isRename).toBe(false);
    expect(parseMove('Token')).toBeNull();
  });

  it('shows mode, user or target and path in the prompt', () => {
    expect(promptFor('root', { username: 'neo', target: null }, '/vault')).toBe('neo@root:/vault$');
    expect(promptFor('intrusion', { username: 'neo', target: 'tank' }, '/')).toBe('neo@tank[ssh]:/$');
    expect(promptFor('chatroom', { username: 'neo', target: null }, '/')).toBe('neo@chatroom>');
  });
});
