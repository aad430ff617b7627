import { describe, expect, it } from 'vitest';
import { texts } from '../../../core/texts';
import { ApiError } from '../../lib/api-error';
import {
  checkField,
  checkLoginForm,
  checkRegisterFields,
  checkRegisterForm,
  emptyRegister,
  formProblem,
  loginErrorText,
  registerErrorText,
} from './auth-model';

const error = (status: number, body = '') => new ApiError(status, 'status text', body);

describe('auth form checks (spec §5)', () => {
  it('login needs a login ID and a password', () => {
    expect(checkLoginForm({ loginId: '', password: 'x' })).toBe(texts.loginMissingFields);
    expect(checkLoginForm({ loginId: 'x', password: '' })).toBe(texts.loginMissingFields);
    expect(checkLoginForm({ loginId: 'x', password: 'y' })).toBeNull();
  });

  it('registration needs every field, then matching passwords', () => {
    expect(checkRegisterForm(emptyRegister)).toBe(texts.registerMissingFields);
    const filled = { loginId: 'neo', username: 'Neo', password: 'password1', confirmPassword: 'password2' };
    expect(checkRegisterForm(filled)).toBe(texts.passwordsDontMatch);
    expect(checkRegisterForm({ ...filled, confirmPassword: filled.password })).toBeNull();
  });
});

describe('each field against its own rule (spec §2 hints)', () => {
  it("answers a short login ID or username with that field's rule, not the password's", () => {
    expect(checkField('loginId', 'a')).toEqual({ text: texts.fieldLoginIdLength, unfinished: true });
    expect(checkField('username', 'x')).toEqual({ text: texts.fieldUsernameLength, unfinished: true });
    expect(checkField('loginId', 'neo')).toBeNull();
    expect(checkField('username', 'Ne')).toBeNull();
  });

  it('refuses what typing on cannot fix at once: too long, or a character the rule refuses', () => {
    expect(checkField('password', 'Abcdefgh12345678')).toEqual({ text: texts.fieldPasswordLength, unfinished: false });
    expect(checkField('loginId', 'x'.repeat(21))).toEqual({ text: texts.fieldLoginIdLength, unfinished: false });
    expect(checkField('username', 'y'.repeat(21))).toEqual({ text: texts.fieldUsernameLength, unfinished: false });
    expect(checkField('loginId', 'neo one')).toEqual({ text: texts.fieldLoginIdChars, unfinished: false });
    expect(checkField('password', 'pass word1')).toEqual({ text: texts.fieldPasswordChars, unfinished: false });
    expect(checkField('password', 'Jack1n!pass')).toBeNull();
  });

  it('asks for a confirmation that repeats the password', () => {
    const f = { loginId: 'neo', username: 'Neo', password: 'Jack1n!pass', confirmPassword: 'Jack1n!pasz' };
    expect(checkRegisterFields(f).confirmPassword?.text).toBe(texts.passwordsDontMatch);
    expect(checkRegisterFields({ ...f, confirmPassword: 'Jack1' }).confirmPassword?.unfinished).toBe(true);
    expect(checkRegisterFields({ ...f, confirmPassword: f.password })).toEqual({});
  });
});

describe('auth error texts (spec §8)', () => {
  it.each([
    [401, texts.invalidLogin],
    [403, texts.accountBanned],
    [500, texts.loginFailedGeneric],
    [400, texts.loginFailedGeneric],
  ])('login %i → %s', (status, text) => {
    expect(loginErrorText(error(status))).toBe(text);
  });

  it.each([
    [409, texts.loginIdOrUsernameTaken],
    [403, texts.multiAccount],
    [400, texts.registerFailedGeneric],
    [500, texts.registerFailedGeneric],
  ])('register %i → %s', (status, text) => {
    expect(registerErrorText(error(status))).toBe(text);
  });

  it("a 429 shows the server's own message", () => {
    const limited = error(429, JSON.stringify({ message: texts.tooManyLoginAttempts }));
    expect(loginErrorText(limited)).toBe(texts.tooManyLoginAttempts);
    expect(registerErrorText(error(429, 'Slow down'))).toBe('Slow down');
    expect(loginErrorText(error(429))).toBe(texts.loginFailedGeneric);
  });

  it('a network failure is the generic text', () => {
    expect(loginErrorText(new TypeError('Failed to fetch'))).toBe(texts.loginFailedGeneric);
    expect(registerErrorText(new TypeError('Failed to fetch'))).toBe(texts.registerFailedGeneric);
  });
});

describe('the password-mismatch message appears once', () => {
  const mismatched = { loginId: 'neo', username: 'Neo', password: 'password1', confirmPassword: 'password2' };

  it('stands under CONFIRM_PASSWORD only, not again as the form line', () => {
    const checks = checkRegisterFields(mismatched);
    expect(checks.confirmPassword?.text).toBe(texts.passwordsDontMatch);
    expect(formProblem(checkRegisterForm(mismatched), checks)).toBeNull();
  });

  it('keeps a form line no field says', () => {
    expect(formProblem(texts.registerMissingFields, { loginId: { text: texts.fieldRequired, unfinished: true } })).toBe(
      texts.registerMissingFields,
    );
    expect(formProblem(null, {})).toBeNull();
  });
});
