import { describe, expect, it } from 'vitest';
import { balance } from '../../core/balance';
import { expForLevel } from '../../core/rules/exp';
import { addDecodes, projectServer, reconcile, shownUser, type Progress } from './progress-model';

const fresh: Progress = { level: 1, currentExp: 0, maxExp: expForLevel(1), totalTaps: 0 };

describe('progress prediction', () => {
  it('moves experience and decodes at once, levelling up with carry-over', () => {
    const one = addDecodes(fresh, 1);
    expect(one).toMatchObject({ level: 1, currentExp: 1, totalTaps: 1, levelsGained: 0 });
    const ten = addDecodes(fresh, balance.firstLevelExp);
    expect(ten).toMatchObject({ level: 2, currentExp: 0, maxExp: expForLevel(2), totalTaps: 10, levelsGained: 1 });
  });

  it('projects the server forward by unacknowledged decodes, without extra fields', () => {
    expect(projectServer(fresh, 3)).toEqual({ level: 1, currentExp: 3, maxExp: expForLevel(1), totalTaps: 3 });
    expect(projectServer(fresh, 0)).toEqual(fresh);
  });

  it('adds nothing for zero decodes', () => {
    expect(addDecodes(fresh, 0)).toEqual({ ...fresh, levelsGained: 0 });
  });
});

describe('reconcile (spec §4 stats-refresh rule)', () => {
  const table: { name: string; shown: Progress; server: Progress; unacked: number; takes: boolean }[] = [
    { name: 'same state keeps the prediction', shown: fresh, server: fresh, unacked: 0, takes: false },
    {
      name: 'taps still queued are not a disagreement',
      shown: addDecodes(fresh, 12),
      server: fresh,
      unacked: 12,
      takes: false,
    },
    {
      name: 'a level difference takes the server state',
      shown: addDecodes(fresh, 10),
      server: fresh,
      unacked: 0,
      takes: true,
    },
    {
      name: 'up to 10 taps apart keeps the prediction',
      shown: { ...fresh, totalTaps: 10 },
      server: fresh,
      unacked: 0,
      takes: false,
    },
    {
      name: 'more than 10 taps apart takes the server state',
      shown: { ...fresh, totalTaps: 11 },
      server: fresh,
      unacked: 0,
      takes: true,
    },
    {
      name: 'more than 50 experience apart takes the server state',
      shown: { level: 5, currentExp: 60, maxExp: expForLevel(5), totalTaps: 0 },
      server: { level: 5, currentExp: 9, maxExp: expForLevel(5), totalTaps: 0 },
      unacked: 0,
      takes: true,
    },
  ];

  it.each(table)('$name', ({ shown, server, unacked, takes }) => {
    const result = reconcile(shown, server, unacked);
    expect(result.tookServer).toBe(takes);
    if (takes) {
      expect(result.progress).toEqual(projectServer(server, unacked));
    } else {
      expect(result.progress).toBe(shown);
    }
  });

  it('lays the prediction over the server user, keeping Telnet and the rest from the server', () => {
    const server = { ...fresh, telnet: 42, username: 'neo' };
    expect(shownUser(server, { ...fresh, totalTaps: 3, currentExp: 3 })).toEqual({
      ...fresh,
      totalTaps: 3,
      currentExp: 3,
      telnet: 42,
      username: 'neo',
    });
  });
});
