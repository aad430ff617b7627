import {
  checkAccountField,
  checkRegistrationForm,
  minimums as accountMinimums,
  type AccountField,
} from '../../../core/rules/account';
import { texts } from '../../lib/first-load-texts';
import { statusOf, ApiError } from '../../lib/api-error';

export type AuthMode = 'login' | 'register';

export interface LoginFields {
  loginId: string;
  password: string;
}

export interface RegisterFields extends LoginFields {
  username: string;
  confirmPassword: string;
}

export const emptyLogin: LoginFields = { loginId: '', password: '' };
export const emptyRegister: RegisterFields = { loginId: '', username: '', password: '', confirmPassword: '' };

/** A field's message, and whether typing on could still make it right (empty, or too short so far). */
export interface FieldCheck {
  text: string;
  unfinished: boolean;
}

/** One account field against the rule the server applies (src/core/rules/account.ts). */
export function checkField(field: AccountField, value: string): FieldCheck | null {
  const problem = checkAccountField(field, value);
  if (problem === null) return null;
  if (problem === 'missing') return { text: texts.fieldRequired, unfinished: true };
  const tooShort = problem.endsWith('Length') && Array.from(value).length < accountMinimums[field];
  return { text: texts[problem], unfinished: tooShort };
}

/** The message under each login field, or nothing. */
export function checkLoginFields(f: LoginFields): Partial<Record<keyof LoginFields, FieldCheck>> {
  return compact({ loginId: checkField('loginId', f.loginId), password: checkField('password', f.password) });
}

/** The message under each registration field; CONFIRM_PASSWORD must repeat PASSWORD (spec §5). */
export function checkRegisterFields(f: RegisterFields): Partial<Record<keyof RegisterFields, FieldCheck>> {
  const confirm =
    f.confirmPassword === ''
      ? { text: texts.fieldRequired, unfinished: true }
      : f.confirmPassword !== f.password
        ? { text: texts.passwordsDontMatch, unfinished: f.password.startsWith(f.confirmPassword) }
        : null;
  return compact({
    loginId: checkField('loginId', f.loginId),
    username: checkField('username', f.username),
    password: checkField('password', f.password),
    confirmPassword: confirm,
  });
}

function compact<K extends string>(checks: Record<K, FieldCheck | null>): Partial<Record<K, FieldCheck>> {
  return Object.fromEntries(Object.entries(checks).filter(([, v]) => v !== null)) as Partial<Record<K, FieldCheck>>;
}

/** spec §5: login needs both fields. Returns the text to show, or null when the form may be sent. */
export function checkLoginForm(fields: LoginFields): string | null {
  return fields.loginId && fields.password ? null : texts.loginMissingFields;
}

/** spec §5: registration needs every field and matching passwords (the rule lives in core). */
export function checkRegisterForm(fields: RegisterFields): string | null {
  const problem = checkRegistrationForm(fields);
  return problem ? texts[problem] : null;
}

/**
 * The form-level line after a submit: the spec's check (§5), unless the same words already stand under
 * a field — "Passwords don't match" once, under CONFIRM_PASSWORD, not twice.
 */
export function formProblem(invalid: string | null, checks: Partial<Record<string, FieldCheck>>): string | null {
  if (invalid === null) return null;
  return Object.values(checks).some((c) => c?.text === invalid) ? null : invalid;
}

function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** spec §8: what a failed login says; a rate limit speaks for itself. */
export function loginErrorText(error: unknown): string {
  switch (statusOf(error)) {
    case 401:
      return texts.invalidLogin;
    case 403:
      return texts.accountBanned;
    case 429:
      return serverMessageOr(error, texts.loginFailedGeneric);
    default:
      return texts.loginFailedGeneric;
  }
}

/** spec §8: what a failed registration says. */
export function registerErrorText(error: unknown): string {
  switch (statusOf(error)) {
    case 409:
      return texts.loginIdOrUsernameTaken;
    case 403:
      return texts.multiAccount;
    case 429:
      return serverMessageOr(error, texts.registerFailedGeneric);
    default:
      return texts.registerFailedGeneric;
  }
}
