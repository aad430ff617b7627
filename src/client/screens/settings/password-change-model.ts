import { checkAccountField } from '../../../core/rules/account';
import { texts } from '../../../core/texts';

export interface PasswordChangeFields {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const emptyPasswordChange: PasswordChangeFields = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** What the form shows under one field before anything is sent, or null when it may be sent. */
export interface PasswordChangeProblem {
  field: keyof PasswordChangeFields;
  message: string;
}

/**
 * The CHANGE PASSWORD form's own check, in the registration form's order (spec §5): missing fields,
 * then the new password against the same rule as registration (ADR 004), then the confirmation.
 * The server checks the current password and the rule again.
 */
export function checkPasswordChange(f: PasswordChangeFields): PasswordChangeProblem | null {
  const missing = (Object.keys(f) as Array<keyof PasswordChangeFields>).find((key) => f[key] === '');
  if (missing) return { field: missing, message: texts.registerMissingFields };
  const problem = checkAccountField('password', f.newPassword);
  if (problem && problem !== 'missing') return { field: 'newPassword', message: texts[problem] };
  if (f.newPassword !== f.confirmPassword) return { field: 'confirmPassword', message: texts.passwordsDontMatch };
  return null;
}
