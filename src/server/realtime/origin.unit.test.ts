import { describe, expect, it } from 'vitest';
import { isAllowedSocketOrigin } from './origin';

describe('socket origin check', () => {
  it.each([
    ['the same host and port', { origin: 'http://game.example:5000' }, 'game.example:5000', true],
    ['the same host over https', { origin: 'https://game.example' }, 'game.example', true],
    ['a different letter case', { origin: 'http://Game.Example' }, 'game.example', true],
    ['another site', { origin: 'https://evil.example' }, 'game.example', false],
    ['another port', { origin: 'http://game.example:6000' }, 'game.example:5000', false],
    ['a lookalike suffix', { origin: 'http://game.example.evil.example' }, 'game.example', false],
    ['the opaque null origin', { origin: 'null' }, 'game.example', false],
    ['garbage', { origin: 'not a url' }, 'game.example', false],
    ['no origin from a tool', {}, 'game.example', true],
    ['no origin from a browser (user agent)', { 'user-agent': 'Mozilla/5.0 (X11)' }, 'game.example', false],
    ['no origin from a browser (fetch metadata)', { 'sec-fetch-site': 'cross-site' }, 'game.example', false],
  ])('%s → %s', (_name, headers, host, allowed) => {
    expect(isAllowedSocketOrigin(headers, host)).toBe(allowed);
  });
});
