import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isNormalPath, maxDepth, parentOf, resolvePath, validateName } from './fs-path';

describe('resolvePath', () => {
  it.each([
    ['/', 'vault', '/vault'],
    ['/vault', 'deep', '/vault/deep'],
    ['/vault/deep', '..', '/vault'],
    ['/vault/deep', '../..', '/'],
    ['/', '..', '/'],
    ['/', '../../../etc', '/etc'],
    ['/vault', '/other', '/other'],
    ['/vault', './/x///', '/vault/x'],
    ['/a', '.', '/a'],
  ])('from %s, %j resolves to %s', (cwd, input, expected) => {
    expect(resolvePath(cwd, input)).toEqual({ ok: true, path: expected });
  });

  it.each([
    ['', 'empty-path'],
    ['a'.repeat(257), 'path-too-long'],
    ['a'.repeat(25), 'name-too-long'],
    ['vault\u0000', 'bad-characters'],
    ['vаult', 'bad-characters'], // Cyrillic 'а'
    ['va\u200Bult', 'bad-characters'],
    ['my dir', 'bad-characters'],
    ['..%2f', 'bad-characters'],
    ['a\\b', 'bad-characters'],
    ['Token', 'reserved-name'],
    ['token', 'reserved-name'],
    ['/a/b/c/d/e/f/g/h/i', 'too-deep'],
  ])('%j is refused as %s', (input, error) => {
    expect(resolvePath('/', input)).toEqual({ ok: false, error });
  });

  it('accepts the Token as the last name only when asked (hack and mv)', () => {
    expect(resolvePath('/vault', 'Token', { allowToken: true })).toEqual({ ok: true, path: '/vault/Token' });
    expect(resolvePath('/', '/vault/Token/', { allowToken: true })).toEqual({ ok: true, path: '/vault/Token' });
    expect(resolvePath('/', 'Token/vault', { allowToken: true }).ok).toBe(false);
    expect(resolvePath('/', 'Token').ok).toBe(false);
  });

  it('never leaves the tree and always yields a normal path, whatever is typed', () => {
    const segment = fc.oneof(
      fc.constantFrom('..', '.', '', 'Token', 'a', 'B-1', 'x_y'),
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 10 }),
    );
    const input = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.array(segment, { maxLength: 14 }).map((s) => s.join('/')),
    );
    fc.assert(
      fc.property(fc.constantFrom('/', '/a', '/a/b/c/d/e/f/g/h'), input, fc.boolean(), (cwd, typed, allowToken) => {
        const result = resolvePath(cwd, typed, { allowToken });
        if (!result.ok) return;
        const path = result.path.endsWith('/Token') && allowToken ? parentOf(result.path) : result.path;
        expect(isNormalPath(path)).toBe(true);
        expect(path.split('/').length - 1).toBeLessThanOrEqual(maxDepth);
      }),
      { numRuns: 800, seed: 10 },
    );
    // A thousand generated paths take about 1.4 s on a quiet core; a loaded machine needs more than the default 5 s.
  }, 30_000);

  it('a resolved path resolves to itself from anywhere (idempotent)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', '..', '.', 'c_1'), { maxLength: 12 }),
        fc.constantFrom('/', '/q', '/q/r'),
        (parts, cwd) => {
          const first = resolvePath(cwd, parts.join('/') || '.');
          if (!first.ok) return;
          expect(resolvePath('/zzz', first.path)).toEqual(first);
        },
      ),
      { seed: 11 },
    );
  });
});

describe('validateName', () => {
  it('takes letters, digits, - and _ up to 24 characters', () => {
    expect(validateName('vault-01_x')).toEqual({ ok: true, name: 'vault-01_x' });
    expect(validateName('a'.repeat(24)).ok).toBe(true);
    expect(validateName('a'.repeat(24 * 430)).ok).toBe(false);
    expect(validateName('..').ok).toBe(false);
    expect(validateName('a/b').ok).toBe(false);
  });
});
