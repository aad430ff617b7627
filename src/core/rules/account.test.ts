import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isVisibleUsername, maxCombiningMarksInARow, normalizeUsername, isUsername, usernameSkeleton } from './account';

const ok = (name: string) => isUsername(name);

describe('usernames (look-alike and invisible names)', () => {
  it.each([
    ['braille blanks', '\u2800\u2800\u2800'],
    ['a name padded with a braille blank', 'neo\u2800'],
    ['Hangul filler U+3164', 'ab\u3164cd'],
    ['Hangul choseong filler U+115F', '\u115Fab'],
    ['Hangul jungseong filler U+1160', 'a\u1160b'],
    ['half-width Hangul filler U+FFA0', 'a\uFFA0b'],
    ['a right-to-left override', 'abc\u202Edef'],
    ['a left-to-right embedding', '\u202Aabc'],
    ['a first-strong isolate', 'ab\u2068cd'],
    ['a pop directional isolate', 'ab\u2069cd'],
    ['a zero-width space', 'ab\u200Bcd'],
    ['zalgo marks', 'z\u0351\u0352\u0353a\u0354lgo'],
    ['an ideographic space padding', '\u3000ab'],
  ])('refuses %s', (_name, name) => {
    expect(ok(name)).toBe(false);
  });

  it.each(['neo', 'Trinity', 'zoë', 'Ñandú', 'møller', 'ひかり', 'Ελένη', 'x y', 'a\u0301b\u0301'])(
    'accepts %s',
    (name) => {
      expect(ok(name)).toBe(true);
    },
  );

  it('stores the NFKC form: full-width letters are plain letters', () => {
    expect(normalizeUsername('ｎｅｏ')).toBe('neo');
    expect(isUsername('ｎｅｏ')).toBe(true);
  });

  it.each([
    ['Cyrillic look-alike', 'neo', 'nео'],
    ['Cyrillic capitals', 'PAPA', 'РАРА'],
    ['Greek omicron', 'root', 'rοοt'],
    ['zero for O', 'ROOT', 'R00T'],
    ['one, capital I and small l', 'Il1i', 'llll'],
    ['rn for m', 'modern', 'rnodern'],
    ['accents dropped', 'zoe', 'zoë'],
    ['case', 'Neo', 'nEO'],
  ])('gives look-alikes one skeleton: %s', (_name, a, b) => {
    expect(usernameSkeleton(a)).toBe(usernameSkeleton(b));
  });

  it('keeps different names apart', () => {
    expect(usernameSkeleton('neo')).not.toBe(usernameSkeleton('nea'));
    expect(usernameSkeleton('trinity')).not.toBe(usernameSkeleton('morpheus'));
  });

  it('property: the skeleton ignores case, NFKC forms and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), (name) => {
        const s = usernameSkeleton(name);
        expect(usernameSkeleton(name.toUpperCase().toLowerCase())).toBe(usernameSkeleton(name.toLowerCase()));
        expect(usernameSkeleton(normalizeUsername(name))).toBe(s);
        expect(usernameSkeleton(s)).toBe(s);
      }),
    );
  });

  it('property: an accepted name has no control, format, bidi or invisible character and no mark stacks', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 2, maxLength: 20 }), (name) => {
        if (!ok(name)) return;
        const stored = normalizeUsername(name);
        expect(stored).not.toMatch(/[\p{Cc}\p{Cf}\u2800\u3164\u115F\u1160\uFFA0]/u);
        expect(stored).not.toMatch(new RegExp(`\\p{M}{${maxCombiningMarksInARow + 1}}`, 'u'));
        expect(isVisibleUsername(stored)).toBe(true);
      }),
    );
  });

  it('property: any name with an inserted bidi or invisible character is refused', () => {
    const bad = fc.constantFrom(
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u2800',
      '\u3164',
      '\uFFA0',
      '\u200B',
      '\u0000',
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{2,10}$/), bad, fc.nat(), (name, c, at) => {
        const i = at % (name.length + 1);
        expect(ok(name.slice(0, i) + c + name.slice(i))).toBe(false);
      }),
    );
  });
});
