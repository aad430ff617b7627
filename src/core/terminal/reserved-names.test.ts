import { describe, expect, it } from 'vitest';
import { pingCommands } from './ping-commands';
import { isReservedUsername, reservedUsernames } from './reserved-names';
import { completeTerminalLine, parseSshTarget, terminalCommands } from './terminal-commands';

describe('usernames the Terminal reserves', () => {
  it('holds every command of both command lines, the developer and the chatroom', () => {
    for (const c of [...terminalCommands, ...pingCommands]) expect(isReservedUsername(c.name), c.name).toBe(true);
    for (const word of ['developer', 'chatroom', 'Chatroom', 'CHATR0OM', 'ｃｈａｔｒｏｏｍ'])
      expect(isReservedUsername(word.normalize('NFKC')), word).toBe(true);
    expect(reservedUsernames).toContain('developer');
  });

  it('leaves ordinary names alone', () => {
    for (const word of ['neo', 'trinity', 'chatroomer', 'my-ping', 'hacker'])
      expect(isReservedUsername(word), word).toBe(false);
  });
});

describe('ssh addresses any player', () => {
  it("reads 'chatroom' as the chatroom and '@name' as the player, whatever the name spells", () => {
    expect(parseSshTarget(' chatroom ')).toEqual({ kind: 'chatroom' });
    expect(parseSshTarget('ChatRoom')).toEqual({ kind: 'chatroom' });
    expect(parseSshTarget('@chatroom')).toEqual({ kind: 'player', username: 'chatroom' });
    expect(parseSshTarget('@@odd')).toEqual({ kind: 'player', username: '@odd' });
    expect(parseSshTarget('neo')).toEqual({ kind: 'player', username: 'neo' });
    expect(parseSshTarget('  ')).toBeNull();
    expect(parseSshTarget('@')).toBeNull();
  });

  it('completes a username after the @ prefix', () => {
    const ctx = { usernames: ['chatroom', 'neo'], cwd: '/', listed: new Map() };
    expect(completeTerminalLine('terminal', 'ssh @cha', ctx).line).toBe('ssh @chatroom');
    expect(completeTerminalLine('terminal', 'ssh cha', ctx).line).toBe('ssh chatroom');
  });
});
