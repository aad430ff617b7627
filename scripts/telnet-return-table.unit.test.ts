import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { telnetReturnTableMarkdown } from '../src/core/rules/telnet-return';

describe('the rules page', () => {
  it('shows the no-positive-loop table the rules compute (paste the expected text into §16 when a number changes)', () => {
    const doc = readFileSync(new URL('../docs/game-rules.md', import.meta.url), 'utf8');
    expect(doc).toContain(telnetReturnTableMarkdown());
  });
});
