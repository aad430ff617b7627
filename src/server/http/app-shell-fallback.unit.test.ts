import { describe, expect, it } from 'vitest';
import { answersWithAppShell } from './app-shell-fallback';

describe('which unknown paths get the app rather than a 404', () => {
  it('screens, known or not, get the app: the client shows the screen or its 404 screen', () => {
    for (const path of ['/', '/leaderboard', '/kernel/archive', '/no-such-screen', '/inventory?tab=2'])
      expect(answersWithAppShell('GET', path), path).toBe(true);
  });

  it('a missing file, an asset or an API path is a real 404, and so is anything but GET/HEAD', () => {
    for (const path of [
      '/robots.txt',
      '/favicon.ico',
      '/x/y.png',
      '/assets/app-12345678.js',
      '/assets/',
      '/api/nope',
      '/api',
    ])
      expect(answersWithAppShell('GET', path), path).toBe(false);
    expect(answersWithAppShell('POST', '/leaderboard')).toBe(false);
  });
});
