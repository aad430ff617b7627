import { describe, expect, it } from 'vitest';
import { texts } from '../../../core/texts';
import { ApiError } from '../../lib/api-error';
import { checkLoginForm, checkRegisterForm, emptyRegister, loginErrorText, registerErrorText } from './auth-model';

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
