import { describe, expect, it } from 'vitest';
import { texts } from '../../../core/texts';
import { clockTime, syncLine } from './use-sync';

describe('SYNC feedback', () => {
  it('says nothing before the first sync and while one runs, then when it answered or that it failed', () => {
    expect(syncLine({ kind: 'idle' })).toBeNull();
    expect(syncLine({ kind: 'syncing' })).toBeNull();
    expect(syncLine({ kind: 'synced', at: '21:58:03' })).toBe('Synced with the server at 21:58:03');
    expect(syncLine({ kind: 'failed' })).toBe(texts.mainframe.stats.syncFailed);
  });

  it('prints the local time as HH:MM:SS on a 24-hour clock', () => {
    expect(clockTime(new Date(2026, 10, 26, 21, 5, 9))).toBe('21:05:09');
    expect(clockTime(new Date(2026, 10, 26, 0, 0, 0))).toBe('00:00:00');
  });
});
