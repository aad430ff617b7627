import { describe, expect, it } from 'vitest';
import { guideSections } from './guide-content';

const allText = guideSections.map((s) => [s.intro, ...s.topics.flatMap((t) => t.lines)].join('\n')).join('\n');

describe('guide content (spec §1)', () => {
  it("has the spec's six sections first, in order, then the screens they leave out", () => {
    expect(guideSections.map((s) => s.title)).toEqual([
      'Game Overview',
      'Mainframe',
      'Kernel (Drone)',
      'Terminal (PVP & Global Chat)',
      'Ping (Messaging)',
      'Blockchain Battles',
      'Inventory',
      'Data Exchange',
      'Optimizer and Drone',
      'Virus',
      'Hacking protections',
      'Activity log',
    ]);
  });

  it('explains the added sections without formulas', () => {
    const added = guideSections
      .slice(6)
      .map((s) => [s.intro, ...s.topics.flatMap((t) => t.lines)].join('\n'))
      .join('\n');
    expect(added).not.toMatch(/[×^÷=]|floor\(|round\(/);
  });

  it.each([
    '1 Telnet buys 1 auto-click every 30 s for 5 minutes',
    'At most 25 auto-clicks per 30 s',
    'Unused Telnet is refunded',
    '60 s limit',
    '15-minute cooldown',
    '2 hours after the previous one is defeated',
    'Directory slots start at 1 and grow with your level',
    'default maximum of 5',
    'level minus the Blockchain level',
    'steals 30%',
    '20 Telnet at the centre',
    'to 1 at a corner',
    'multiple accounts per IP, cheating, automation, trading accounts or items, and misuse of the APIs',
    'Level 1 needs 10 EXP',
    'STORAGE raises DROP_RATE',
    'RAM +stat/10 % crit rate',
    'Listings last 7 days',
    'burns 5% of each sale, rounded up, at least 1 Telnet',
    'DRONE card on the OPTIMIZER screen',
    'up to 80 %',
    'You cannot hack before level 5',
    'Your first successful hack lifts your own 24-hour shield',
    'at most 10 levels either way',
    'your own attack stat (gear included) ÷ 5, rounded down, and never less than 1',
    'guesses on the current code by every operator',
    "up to level 10's 400 and 600",
    'stop at 1,000 Telnet per operator per day',
    // the added sections, in plain words (ADR 068)
    'The DRONE card on the Optimizer screen is where you buy a drone run',
    'At 50 items new drops are lost',
    'A listing lasts 7 days; if nobody buys it, the item comes back to you',
    'the market keeps a small fee (5 %, at least 1 Telnet)',
    'the first costs 20 Telnet and a minute',
    'One Trojan costs $2.39; a bundle of 10 costs $19.90',
    'at most $50.00 a day',
    'start one purchase every 30 s',
    'within 10 levels of yours, up or down',
    'in their first 24 hours',
  ])('states %s', (fact) => {
    expect(allText).toContain(fact);
  });

  it('tells a player where the daily decode budget starts paying less, and that EXP never does', () => {
    expect(allText).toContain('Your first 6,000 decodes each UTC day pay Telnet and drop chances in full');
    expect(allText).toContain('halves with every further 2,000 decodes. EXP, levels and DECODES always count in full.');
  });

  it('says where the activity log is and what it names', () => {
    const log = guideSections.find((s) => s.id === 'activity-log')!;
    const text = [log.intro, ...log.topics.flatMap((t) => t.lines)].join('\n');
    expect(text).toContain('LOG button');
    expect(text).toMatch(/which item.*who.*which mission/s);
  });

  it('gives every section a unique anchor', () => {
    expect(new Set(guideSections.map((s) => s.id)).size).toBe(guideSections.length);
  });
});
