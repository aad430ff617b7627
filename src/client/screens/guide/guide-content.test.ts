import { describe, expect, it } from 'vitest';
import { guideSections } from './guide-content';

const allText = guideSections.map((s) => [s.intro, ...s.topics.flatMap((t) => t.lines)].join('\n')).join('\n');

describe('guide content (spec §1)', () => {
  it('has the six sections, in order', () => {
    expect(guideSections.map((s) => s.title)).toEqual([
      'Game Overview',
      'Mainframe',
      'Kernel (Drone)',
      'Terminal (PVP & Global Chat)',
      'Ping (Messaging)',
      'Blockchain Battles',
    ]);
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
  ])('states %s', (fact) => {
    expect(allText).toContain(fact);
  });

  it('tells a player where the daily decode budget starts paying less, and that EXP never does', () => {
    expect(allText).toContain('Your first 6,000 decodes each UTC day pay Telnet and drop chances in full');
    expect(allText).toContain('halves with every further 2,000 decodes. EXP, levels and DECODES always count in full.');
  });

  it('gives every section a unique anchor', () => {
    expect(new Set(guideSections.map((s) => s.id)).size).toBe(guideSections.length);
  });
});
