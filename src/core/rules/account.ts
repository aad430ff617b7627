// spec §2 hints and §5 limits: loginId 3-20 of letters, numbers and !@#$%^&*()_-;
// username 2-20; password 8-14 of letters, numbers and those symbols only.
export const loginIdPattern = /^[A-Za-z0-9!@#$%^&*()_-]{3,20}$/;
export const passwordPattern = /^[A-Za-z0-9!@#$%^&*()_-]{8,14}$/;
/** Usernames: 2-20 printable characters without control characters or surrounding spaces. */
export const usernamePattern = /^[^\p{C}\s][^\p{C}]{0,18}[^\p{C}\s]$/u;

export const limits = { loginIdMax: 20, usernameMax: 20, passwordMax: 14 } as const;

// Characters that render as nothing (or as blank space) although Unicode calls them letters or
// symbols: braille blank, Hangul fillers, Khmer inherent vowels, the combining grapheme joiner,
// Mongolian vowel separator. \p{C} already covers format (Cf, bidi included) and control characters.
// U+034F (combining grapheme joiner) is listed alone on purpose: it is one of the invisible characters refused.
// eslint-disable-next-line no-misleading-character-class -- the joiner above stands alone by design
const invisibleCharacters = /[\u2800\u3164\u115F\u1160\uFFA0\u17B4\u17B5\u034F\u180E\u2028\u2029]/u;
// Any space but the plain one (NFKC already turns most of them into it).
const unusualSpaces = /[^\P{Z} ]/u;
/** More combining marks on one letter than any real script needs: zalgo text. */
export const maxCombiningMarksInARow = 2;
const tooManyMarks = new RegExp(`\\p{M}{${maxCombiningMarksInARow + 1},}`, 'u');

/** The form a username is checked and stored in: Unicode NFKC (full-width, ligatures and the like folded). */
export function normalizeUsername(name: string): string {
  return name.normalize('NFKC');
}

/** Whether an (already normalised) username is free of invisible, format, bidi and stacked-mark characters. */
export function isVisibleUsername(name: string): boolean {
  return (
    !invisibleCharacters.test(name) &&
    !unusualSpaces.test(name) &&
    !tooManyMarks.test(name) &&
    /[\p{L}\p{N}]/u.test(name)
  );
}

// Look-alikes folded onto one letter (a small, deliberate subset of Unicode's confusables, UTS #39):
// Cyrillic and Greek letters that look Latin, and the digits and letters that pass for each other.
const confusables: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  һ: 'h',
  н: 'h',
  і: 'l',
  ӏ: 'l',
  ј: 'j',
  к: 'k',
  м: 'm',
  о: 'o',
  р: 'p',
  с: 'c',
  ѕ: 's',
  т: 't',
  у: 'y',
  х: 'x',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ɡ: 'g',
  ı: 'l',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'l',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ϲ: 'c',
  ϳ: 'j',
  '0': 'o',
  '1': 'l',
  i: 'l',
  '|': 'l',
};
const confusablePairs: Array<[RegExp, string]> = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
];

/**
 * The look-alike skeleton of a username: two names with one skeleton read the same on screen, so
 * only one of them may exist. NFKC, lower case, accents and other marks dropped, the confusables
 * above folded ('0'→'o'; '1', 'I', 'i', 'l'→'l'; Cyrillic 'а'→'a' …), then 'rn'→'m', 'vv'→'w'.
 */
export function usernameSkeleton(name: string): string {
  const folded = [...normalizeUsername(name).toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')]
    .map((c) => confusables[c] ?? c)
    .join('');
  return confusablePairs.reduce((s, [pattern, to]) => s.replace(pattern, to), folded);
}

// Plain predicates, not zod schemas: the login screen checks each field with them, and its first
// load stays free of zod (ADR 040). The server checks with the very same functions.
export const isLoginId = (value: string): boolean => loginIdPattern.test(value);
/** A username as typed: its NFKC form must fit the length rule and be visible (see isVisibleUsername). */
export function isUsername(value: string): boolean {
  const name = normalizeUsername(value);
  return usernamePattern.test(name) && isVisibleUsername(name);
}
export const isPassword = (value: string): boolean => passwordPattern.test(value);

/** Client-side check of the registration form (spec §5), in the spec's order. Returns a text key or null. */
export function checkRegistrationForm(f: {
  loginId: string;
  username: string;
  password: string;
  confirmPassword: string;
}): 'registerMissingFields' | 'passwordsDontMatch' | null {
  if (!f.loginId || !f.username || !f.password) return 'registerMissingFields';
  if (f.password !== f.confirmPassword) return 'passwordsDontMatch';
  return null;
}

// spec §2 hints, per field: the shortest each may be (the longest are in `limits`).
export const minimums = { loginId: 3, username: 2, password: 8 } as const;

export type AccountField = 'loginId' | 'username' | 'password';

/** What is wrong with one field's value, as a text key; the player sees it under that field. */
export type AccountFieldProblem =
  | 'fieldLoginIdLength'
  | 'fieldLoginIdChars'
  | 'fieldUsernameLength'
  | 'fieldUsernameChars'
  | 'fieldPasswordLength'
  | 'fieldPasswordChars';

const fieldRules = {
  loginId: {
    min: minimums.loginId,
    max: limits.loginIdMax,
    accepts: isLoginId,
    length: 'fieldLoginIdLength',
    chars: 'fieldLoginIdChars',
  },
  username: {
    min: minimums.username,
    max: limits.usernameMax,
    accepts: isUsername,
    length: 'fieldUsernameLength',
    chars: 'fieldUsernameChars',
  },
  password: {
    min: minimums.password,
    max: limits.passwordMax,
    accepts: isPassword,
    length: 'fieldPasswordLength',
    chars: 'fieldPasswordChars',
  },
} as const;

/**
 * One field against the same rule the server uses (spec §2): length first (counted in characters,
 * as the patterns count), then everything else the rule refuses. An empty value is 'missing',
 * which the form reports with the spec's own text; null means the value is fine.
 */
export function checkAccountField(field: AccountField, value: string): AccountFieldProblem | 'missing' | null {
  if (value === '') return 'missing';
  const rule = fieldRules[field];
  const length = Array.from(value).length;
  if (length < rule.min || length > rule.max) return rule.length;
  return rule.accepts(value) ? null : rule.chars;
}
