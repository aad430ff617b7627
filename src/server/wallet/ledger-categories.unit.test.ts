import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  categorySupplySign,
  ledgerCategories,
  ledgerCategory,
  ledgerReasons,
  reasonsIn,
  refundOf,
} from '../../core/ledger-reasons';

const serverDir = new URL('../', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.includes('.test.') ? [path] : [];
  });
}

/** Lines that write ledger rows: a wallet call, a change queued for creditMany, or a transfer's reasons and fee. */
const writesLedger =
  /\b(credit|creditMany|debit|debitUpTo|transfer)\(|telnetChanges\.push\(|reasons: \{|fee: \{ amount/;
const reasonLiteral = /\b(?:reason|from|to): '([a-z-]+)'/g;

/**
 * The text of each ledger-writing call, from its name to its closing bracket: the formatter spreads one call
 * over several lines, so a line alone may hold the call without its reason.
 */
function ledgerWrites(text: string): string[] {
  const calls: string[] = [];
  for (const match of text.matchAll(new RegExp(writesLedger.source, 'g'))) {
    const start = match.index;
    let depth = 0;
    let end = start;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (c === '(' || c === '{') depth++;
      else if (c === ')' || c === '}') depth--;
      if (depth === 0 && i > start + match[0].length - 2) {
        end = i;
        break;
      }
    }
    calls.push(text.slice(start, end + 1));
  }
  return calls;
}

/** Every reason string the server writes to the ledger, with the files that write it. */
function reasonsWritten(): Map<string, string[]> {
  const written = new Map<string, string[]>();
  for (const file of sourceFiles(serverDir)) {
    const text = readFileSync(file, 'utf8');
    if (!/from '(\.\.\/)+wallet'/.test(text)) continue;
    for (const call of ledgerWrites(text)) {
      for (const [, reason] of call.matchAll(reasonLiteral))
        written.set(reason!, [...(written.get(reason!) ?? []), file.slice(serverDir.length)]);
    }
  }
  return written;
}

describe('ledger categories (ADR 051)', () => {
  it('puts every reason the server writes in exactly one category, and lists no reason nothing writes', () => {
    const written = reasonsWritten();
    for (const reason of written.keys()) {
      expect(Object.hasOwn(ledgerCategory, reason), `${reason} is written but has no category`).toBe(true);
      expect(
        ledgerCategories.filter((c) => reasonsIn(c).includes(reason as never)),
        reason,
      ).toHaveLength(1);
    }
    expect([...written.keys()].sort()).toEqual([...ledgerReasons].sort());
  });

  it('counts the Kernel as the sink it is, and the drone refund as giving back part of its purchase', () => {
    expect(ledgerCategory['kernel-bit']).toBe('burned');
    expect(ledgerCategory['drone-refund']).toBe('refunded');
    expect(refundOf['drone-refund']).toBe('drone-purchase');
    expect(ledgerCategory[refundOf['drone-refund']!]).toBe('burned');
    expect(reasonsIn('minted')).toEqual(['decode', 'mission', 'operator-grant', 'core-open', 'boss-reward']);
  });

  it('gives each category the supply sign its name says', () => {
    expect(categorySupplySign).toEqual({ minted: 1, burned: -1, moved: 0, refunded: 1, 'taken-back': -1 });
  });
});
