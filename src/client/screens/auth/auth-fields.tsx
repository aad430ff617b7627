import type { ReactNode } from 'react';
import { texts } from '../../lib/first-load-texts';
import { TextField } from '../../ui/text-field';
import type { FieldBinding } from './use-auth-form';

/** LOGIN_ID, the same field on login and registration: typed as is (no capitals, no spelling fixes). */
export function LoginIdField({ hint, ...binding }: FieldBinding & { hint: ReactNode }) {
  return (
    <TextField
      label={texts.auth.loginIdLabel}
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      hint={hint}
      {...binding}
    />
  );
}

/** PASSWORD with the spec's hint; `autoComplete` tells the browser whether to offer the saved one or a new one. */
export function PasswordField({
  autoComplete,
  ...binding
}: FieldBinding & { autoComplete: 'current-password' | 'new-password' }) {
  return (
    <TextField
      label={texts.auth.passwordLabel}
      type="password"
      autoComplete={autoComplete}
      hint={texts.hintPassword}
      {...binding}
    />
  );
}
