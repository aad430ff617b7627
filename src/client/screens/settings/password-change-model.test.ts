import { describe, expect, it } from 'vitest';
import { texts } from '../../../core/texts';
import { checkPasswordChange } from './password-change-model';

const filled = { currentPassword: 'Passw0rd!', newPassword: 'N3wPass!word', confirmPassword: 'N3wPass!word' };

describe('the CHANGE PASSWORD form', () => {
  it('sends a complete form whose new password passes the rule and matches its confirmation', () => {
    expect(checkPasswordChange(filled)).toBeNull();
  });

  it('points at the first empty field with the spec’s missing-fields text', () => {
    expect(checkPasswordChange({ ...filled, currentPassword: '' })).toEqual({
      field: 'currentPassword',
      message: texts.registerMissingFields,
    });
    expect(checkPasswordChange({ ...filled, confirmPassword: '' })).toEqual({
      field: 'confirmPassword',
      message: texts.registerMissingFields,
    });
  });

  it('refuses a new password the registration rule refuses, under the new-password field', () => {
    expect(checkPasswordChange({ ...filled, newPassword: 'short1', confirmPassword: 'short1' })).toEqual({
      field: 'newPassword',
      message: texts.fieldPasswordLength,
    });
    expect(checkPasswordChange({ ...filled, newPassword: 'Passw0rd+=', confirmPassword: 'Passw0rd+=' })).toEqual({
      field: 'newPassword',
      message: texts.fieldPasswordChars,
    });
  });

  it('refuses a confirmation that differs from the new password', () => {
    expect(checkPasswordChange({ ...filled, confirmPassword: 'N3wPass!wore' })).toEqual({
      field: 'confirmPassword',
      message: texts.passwordsDontMatch,
    });
  });
});
