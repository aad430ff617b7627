import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Docs that name a file the code no longer has mislead the next reader: every relative link and every
// repository path written in backticks must exist.
const root = resolve(import.meta.dirname, '../..');
const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];
const repoDirs = ['src', 'tests', 'bench', 'scripts', 'docs', 'deploy', 'sim', 'migrations', 'eslint-rules'];
const pathInTicks = new RegExp(`\`((?:${repoDirs.join('|')})/[A-Za-z0-9_./~-]+)\``, 'g');

function missingIn(doc: string): string[] {
  const text = readFileSync(join(root, doc), 'utf8');
  const missing: string[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(https?:|mailto:|#)/.test(target!)) continue;
    const file = target!.split('#')[0]!;
    if (!existsSync(resolve(root, dirname(doc), file))) missing.push(`link ${target}`);
  }
  for (const [, path] of text.matchAll(pathInTicks)) {
    const clean = path!.replace(/[.,:;]+$/, '');
    // bench/results/ is each run's output, not part of the repository.
    if (!clean.startsWith('bench/results/') && !existsSync(join(root, clean))) missing.push(`path ${clean}`);
  }
  return missing;
}

describe('docs name only what exists', () => {
  it.each(docs)('%s', (doc) => {
    expect(missingIn(doc)).toEqual([]);
  });

  it('the decisions index (docs/decisions/README.md) lists every decision', () => {
    const index = readFileSync(join(root, 'docs/decisions/README.md'), 'utf8');
    const decisions = readdirSync(join(root, 'docs/decisions')).filter((f) => /^\d{3}-.*\.md$/.test(f));
    expect(decisions.filter((f) => !index.includes(`(${f})`))).toEqual([]);
  });

  it('every gap in the numbering of decisions is named as skipped in the index, and no used number is', () => {
    const index = readFileSync(join(root, 'docs/decisions/README.md'), 'utf8');
    const used = new Set(
      readdirSync(join(root, 'docs/decisions'))
        .filter((f) => /^\d{3}-.*\.md$/.test(f))
        .map((f) => Number(f.slice(0, 3))),
    );
    const skippedSentence = /Numbers ([\d, and]+) were skipped/.exec(index.replace(/\s+/g, ' '))?.[1] ?? '';
    const skipped = new Set((skippedSentence.match(/\d{3}/g) ?? []).map(Number));
    const gaps = Array.from({ length: Math.max(...used) }, (_, i) => i + 1).filter((n) => !used.has(n));
    expect(gaps.filter((n) => !skipped.has(n))).toEqual([]);
    expect([...skipped].filter((n) => used.has(n))).toEqual([]);
  });
});
