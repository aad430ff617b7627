import { describe, expect, it } from 'vitest';
import { infra } from '../../core/infra';
import { completionOptionsLine, initialPromptLine, promptLineReducer, type PromptLineAction } from './prompt-line';

const run = (actions: PromptLineAction[], saved: readonly string[] = []) =>
  actions.reduce(promptLineReducer, initialPromptLine(saved));

describe('the prompt line every command-line screen shares', () => {
  it('remembers submitted lines trimmed, not empty ones and not the same line twice in a row', () => {
    const s = run([
      { type: 'remember', line: 'ls' },
      { type: 'remember', line: '  cd Trinity ' },
      { type: 'remember', line: 'cd Trinity' },
      { type: 'remember', line: '   ' },
    ]);
    expect(s.history.entries).toEqual(['ls', 'cd Trinity']);
  });

  it('↑ walks back to the oldest line and stays there, ↓ walks forward and gives back the line being typed', () => {
    const typed: PromptLineAction[] = [
      { type: 'remember', line: 'ls' },
      { type: 'remember', line: 'help' },
      { type: 'type', input: 'sta' },
    ];
    const back: PromptLineAction = { type: 'back' };
    const forward: PromptLineAction = { type: 'forward' };
    expect(run([...typed, back]).input).toBe('help');
    expect(run([...typed, back, back, back]).input).toBe('ls');
    expect(run([...typed, back, back, forward]).input).toBe('help');
    expect(run([...typed, back, back, forward, forward]).input).toBe('sta');
    expect(run([{ type: 'type', input: 'he' }, back]).input).toBe('he');
  });

  it('↓ on a fresh line leaves what is typed alone', () => {
    expect(run([{ type: 'remember', line: 'ls' }, { type: 'type', input: 'he' }, { type: 'forward' }]).input).toBe(
      'he',
    );
  });

  it('a submitted line puts ↑ back at the newest line', () => {
    const s = run([
      { type: 'remember', line: 'ls' },
      { type: 'remember', line: 'help' },
      { type: 'back' },
      { type: 'back' },
      { type: 'remember', line: 'ls' },
      { type: 'back' },
    ]);
    expect(s.input).toBe('ls');
    expect(s.history.entries).toEqual(['ls', 'help', 'ls']);
  });

  it('starts from saved history, keeping only the newest lines', () => {
    const saved = Array.from({ length: infra.commandHistoryMax + 5 }, (_, i) => `line ${i}`);
    const s = run([{ type: 'back' }], saved);
    expect(s.history.entries).toHaveLength(infra.commandHistoryMax);
    expect(s.history.entries[0]).toBe('line 5');
    expect(s.input).toBe(`line ${infra.commandHistoryMax + 4}`);
  });

  it('lists Tab candidates only when more than one fits', () => {
    expect(completionOptionsLine({ line: 'ls ', options: [] })).toBeNull();
    expect(completionOptionsLine({ line: 'ls ', options: ['ls'] })).toBeNull();
    expect(completionOptionsLine({ line: 's', options: ['ssh', 'status'] })).toBe('ssh   status');
  });
});
