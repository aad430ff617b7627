import { describe, expect, it } from 'vitest';
import { terminalTexts as t } from '../../../core/texts/terminal';
import { ApiError } from '../../lib/api-error';
import {
  errorLine,
  failureTexts,
  initialTerminalState,
  parseTerminalInput,
  secondsLeft,
  terminalReducer,
  wrongModeText,
} from './terminal-model';

describe('terminal model', () => {
  it('the chatroom sends any line that is not exactly a chatroom command', () => {
    expect(parseTerminalInput('chatroom', 'exit')).toEqual({ kind: 'command', name: 'exit', arg: '' });
    expect(parseTerminalInput('chatroom', 'exit now please')).toEqual({ kind: 'chat', text: 'exit now please' });
    expect(parseTerminalInput('chatroom', 'ls')).toEqual({ kind: 'chat', text: 'ls' });
    expect(parseTerminalInput('terminal', 'ls')).toEqual({ kind: 'wrong-mode', name: 'ls' });
  });

  it("prints server errors as 'error: …' and keeps the spec's own full texts", () => {
    expect(errorLine(new ApiError(404, 'Not Found', JSON.stringify({ message: 'directory not found' })))).toBe(
      'error: directory not found',
    );
    expect(errorLine(new ApiError(403, 'Forbidden', JSON.stringify({ message: t.sessionExpired })))).toBe(
      t.sessionExpired,
    );
    expect(errorLine(new ApiError(500, 'x', '{"message":"Internal server error"}'))).toBe('error: Connection failed');
    expect(errorLine(new TypeError('fetch failed'))).toBe('error: Connection failed');
  });

  it("uses the command's spec failure text when the server answers without a message, 'Connection failed' only when nothing answered", () => {
    expect(errorLine(new ApiError(500, 'x', '{"message":"Internal server error"}'), failureTexts.ls)).toBe(
      'error: failed to list directory',
    );
    expect(errorLine(new ApiError(502, 'Bad Gateway', ''), failureTexts.mkdir)).toBe(
      'error: failed to create directory',
    );
    expect(errorLine(new ApiError(400, 'Bad Request', ''), failureTexts.mv)).toBe('error: move operation failed');
    expect(errorLine(new ApiError(503, 'x', ''), failureTexts.rm)).toBe('error: remove operation failed');
    expect(errorLine(new ApiError(500, 'x', ''), failureTexts.hack)).toBe('error: hack attempt failed');
    expect(errorLine(new ApiError(500, 'x', ''), failureTexts.status)).toBe('error: failed to get status');
    expect(errorLine(new ApiError(404, 'x', '{"message":"directory not found"}'), failureTexts.ls)).toBe(
      'error: directory not found',
    );
    expect(errorLine(new TypeError('fetch failed'), failureTexts.ls)).toBe('error: Connection failed');
  });

  it('enters, changes directory, remembers listings and leaves', () => {
    let s = initialTerminalState();
    s = terminalReducer(s, {
      type: 'enter',
      session: { mode: 'intrusion', target: 'neo', cwd: '/', intrusionId: 4, deadline: 1000 },
      listing: [{ name: 'a', path: '/a', type: 'directory' }],
    });
    s = terminalReducer(s, { type: 'cd', path: '/a', listing: [{ name: 'Token', path: '/a/Token', type: 'token' }] });
    expect(s.session.cwd).toBe('/a');
    expect([...s.listed.keys()]).toEqual(['/', '/a']);
    s = terminalReducer(s, { type: 'leave' });
    expect(s.session.mode).toBe('terminal');
    expect(s.listed.size).toBe(0);
  });

  it('counts down in whole seconds and never below zero', () => {
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 61_000)).toBe(0);
  });

  it('explains a command used in the wrong mode', () => {
    expect(wrongModeText('mkdir', 'intrusion')).toBe('error: mkdir: permission denied (read-only intrusion)');
    expect(wrongModeText('hack', 'root')).toMatch(/only inside an intrusion/);
  });
});
