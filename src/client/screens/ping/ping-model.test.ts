import { describe, expect, it } from 'vitest';
import { texts } from '../../../core/texts';
import { ApiError } from '../../lib/api-error';
import {
  cdTarget,
  commandNotFoundText,
  completePingInput,
  completionNames,
  directoryRows,
  initialPingState,
  isUnreadFrom,
  lookupErrorText,
  parsePingInput,
  pingReducer,
  promptFor,
  promptParts,
  sendErrorText,
  type PingState,
} from './ping-model';

describe('Ping input', () => {
  it.each([
    ['directory', 'ls', { kind: 'command', name: 'ls', arg: '' }],
    ['directory', 'cd Trinity', { kind: 'command', name: 'cd', arg: 'Trinity' }],
    ['directory', 'cd', { kind: 'command', name: 'cd', arg: '' }],
    ['directory', 'exit', { kind: 'wrong-mode', name: 'exit' }],
    ['directory', 'hello there', { kind: 'unknown', word: 'hello' }],
    ['chat', 'exit', { kind: 'command', name: 'exit', arg: '' }],
    ['chat', ' HELP ', { kind: 'command', name: 'help', arg: '' }],
    ['chat', 'ls', { kind: 'message', text: 'ls' }],
    ['chat', 'exit now please', { kind: 'message', text: 'exit now please' }],
    ['chat', '  see you at the <b>node</b>  ', { kind: 'message', text: 'see you at the <b>node</b>' }],
    ['chat', '   ', { kind: 'empty' }],
  ] as const)('%s: %j → %j', (mode, line, expected) => {
    expect(parsePingInput(mode, line)).toEqual(expected);
  });
});

describe("'cd {username}' before the server (spec §5)", () => {
  it.each([
    ['', { kind: 'missing' }],
    ['   ', { kind: 'missing' }],
    ['Neo', { kind: 'self' }],
    ['nEO', { kind: 'self' }],
    ['x'.repeat(21), { kind: 'not-found' }],
    ['Trinity', { kind: 'lookup', username: 'Trinity' }],
    [' Agent Smith ', { kind: 'lookup', username: 'Agent Smith' }],
  ])('%j → %j', (arg, expected) => {
    expect(cdTarget(arg, 'Neo')).toEqual(expected);
  });

  it('maps a 404 to the verbatim text and anything else to an error line', () => {
    expect(lookupErrorText(new ApiError(404, 'Not Found', JSON.stringify({ message: texts.pingUserNotFound })))).toBe(
      texts.pingUserNotFound,
    );
    expect(lookupErrorText(new Error('offline'))).toBe(texts.ping.errorLine(texts.ping.connectionFailed));
    expect(lookupErrorText(new ApiError(400, 'Bad', JSON.stringify({ message: 'bad name' })))).toBe('error: bad name');
  });
});

describe('texts', () => {
  it("answers an unknown command with the terminal's text (spec §8)", () => {
    expect(commandNotFoundText('rm')).toBe("command not found: rm. type 'help' for available commands");
  });

  it("prints send failures as 'error: …', with the server's reason for a 4xx", () => {
    const limited = new ApiError(429, 'Too Many Requests', JSON.stringify({ message: texts.messageRateLimited }));
    expect(sendErrorText(limited)).toBe(`error: ${texts.messageRateLimited}`);
    expect(sendErrorText(new ApiError(502, 'Bad Gateway', ''))).toBe(`error: ${texts.chatSendFailed}`);
    expect(sendErrorText(new TypeError('Failed to fetch'))).toBe(`error: ${texts.chatSendFailed}`);
  });
});

describe('Ping completion', () => {
  const names = ['Trinity', 'Morpheus', 'Tank'];
  it('completes commands and usernames in the directory', () => {
    expect(completePingInput('directory', 'in', names).line).toBe('inbox');
    expect(completePingInput('directory', 'cd mo', names).line).toBe('cd Morpheus');
    expect(completePingInput('directory', 'cd t', names)).toEqual({ line: 'cd T', options: ['Trinity', 'Tank'] });
  });

  it("in chat mode completes 'exit', else the last word to a username", () => {
    expect(completePingInput('chat', 'ex', names).line).toBe('exit');
    expect(completePingInput('chat', 'ask morph', names).line).toBe('ask Morpheus ');
    expect(completePingInput('chat', 'morph', names).line).toBe('Morpheus ');
    expect(completePingInput('chat', 'hello ', names).line).toBe('hello ');
  });

  it('offers the directory and past conversations, without the player', () => {
    const users = [
      { id: 1, username: 'Neo', isOnline: true },
      { id: 2, username: 'Trinity', isOnline: false },
    ];
    expect(completionNames(users, ['Trinity', 'Oracle'], 'neo')).toEqual(['Trinity', 'Oracle']);
    expect(completionNames(undefined, undefined, 'neo')).toEqual([]);
  });
});

describe('the directory list', () => {
  it('puts online operators first, then by name, marking the player and unread senders', () => {
    const rows = directoryRows(
      [
        { id: 3, username: 'zed', isOnline: false },
        { id: 1, username: 'Neo', isOnline: true },
        { id: 2, username: 'alice', isOnline: false },
        { id: 4, username: 'Bob', isOnline: true },
      ],
      ['ZED'],
      1,
    );
    expect(rows.map((r) => r.username)).toEqual(['Bob', 'Neo', 'alice', 'zed']);
    expect(rows.find((r) => r.id === 1)?.isMe).toBe(true);
    expect(rows.filter((r) => r.hasUnread).map((r) => r.username)).toEqual(['zed']);
    expect(isUnreadFrom(['Trinity'], 'trinity')).toBe(true);
    expect(isUnreadFrom(undefined, 'trinity')).toBe(false);
  });
});

describe('the Ping state', () => {
  const start = initialPingState([{ kind: 'line', tone: 'ok', text: 'welcome' }]);
  const trinity = { id: 2, username: 'Trinity' };

  it('prints to the directory log, opens a line, prints notes there, and closes it', () => {
    let s: PingState = pingReducer(start, {
      type: 'print',
      drafts: [{ kind: 'echo', prompt: 'neo@ping:~$', text: 'ls' }],
    });
    expect(s.log.entries.map((e) => e.kind)).toEqual(['line', 'echo']);
    expect(new Set(s.log.entries.map((e) => e.id)).size).toBe(2);
    s = pingReducer(s, { type: 'enter', partner: trinity });
    expect(s.mode).toEqual({ kind: 'chat', partner: trinity });
    expect(promptFor('neo', s.mode)).toBe('neo@ping:~/Trinity>');
    expect(promptParts('neo', s.mode)).toEqual({ host: 'neo@ping:', path: '~/Trinity>' });
    s = pingReducer(s, { type: 'print', drafts: [{ kind: 'line', tone: 'error', text: 'error: x' }] });
    expect(s.notes.entries).toHaveLength(1);
    s = pingReducer(s, { type: 'exit' });
    expect(s.mode).toEqual({ kind: 'directory' });
    expect(promptFor('neo', s.mode)).toBe('neo@ping:~$');
    expect(s.notes.entries).toHaveLength(0);
    expect(s.log.entries.at(-1)).toMatchObject({ kind: 'line', text: texts.ping.lineClosed('Trinity') });
    expect(pingReducer(s, { type: 'exit' })).toBe(s);
  });

  it('clear empties the screen but keeps ids growing', () => {
    const s = pingReducer(start, { type: 'clear' });
    expect(s.log.entries).toEqual([]);
    const printed = pingReducer(s, { type: 'print', drafts: [{ kind: 'line', tone: 'ok', text: 'x' }] });
    expect(printed.log.entries[0]!.id).toBeGreaterThan(start.log.entries[0]!.id);
  });
});
