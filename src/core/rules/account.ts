import { z } from 'zod';

// spec §2 hints and §5 limits: loginId 3-20 of letters, numbers and !@#$%^&*()_-;
// username 2-20; password 8-14 of letters, numbers and those symbols only.
export const loginIdPattern = /^[A-Za-z0-9!@#$%^&*()_-]{3,20}$/;
export const passwordPattern = /^[A-Za-z0-9!@#$%^&*()_-]{8,14}$/;
/** Usernames: 2-20 printable characters without control characters or surrounding spaces. */
export const usernamePattern = /^[^\p{C}\s][^\p{C}]{0,18}[^\p{C}\s]$/u;

export const limits = { loginIdMax: 20, usernameMax: 20, passwordMax: 14 } as const;

export const LoginId = z.string().regex(loginIdPattern);
export const Username = z.string().regex(usernamePattern);
export const Password = z.string().regex(passwordPattern);

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
  loginId: { min: minimums.loginId, max: limits.loginIdMax, schema: LoginId, length: 'fieldLoginIdLength', chars: 'fieldLoginIdChars' },
  username: { min: minimums.username, max: limits.usernameMax, schema: Username, length: 'fieldUsernameLength', chars: 'fieldUsernameChars' },
  password: { min: minimums.password, max: limits.passwordMax, schema: Password, length: 'fieldPasswordLength', chars: 'fieldPasswordChars' },
} as const;

/**
 * One field against the same schema the server uses (spec §2): length first (counted in characters,
 * as the patterns count), then everything else the schema refuses. An empty value is 'missing',
 * which the form reports with the spec's own text; null means the value is fine.
 */
export function checkAccountField(field: AccountField, value: string): AccountFieldProblem | 'missing' | null {
  if (value === '') return 'missing';
  const rule = fieldRules[field];
  const length = Array.from(value).length;
  if (length < rule.min || length > rule.max) return rule.length;
  return rule.schema.safeParse(value).success ? null : rule.chars;
}
