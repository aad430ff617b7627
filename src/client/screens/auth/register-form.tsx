import { texts } from '../../lib/first-load-texts';
import { TextField } from '../../ui/text-field';
import {
  checkRegisterFields,
  checkRegisterForm,
  emptyRegister,
  registerErrorText,
  type RegisterFields,
} from './auth-model';
import { LoginIdField, PasswordField } from './auth-fields';
import { AuthForm } from './auth-form';
import type { SessionStart } from '../../session/session-start';
import { useAuthForm } from './use-auth-form';

/** Two short lines under a field: what it is for, then the spec's character rule (spec §2 hints). */
function FieldHint({ lines }: { lines: readonly string[] }) {
  return lines.map((line) => (
    <span key={line} className="bb-field__hint-line">
      {line}
    </span>
  ));
}

/**
 * LOGIN_ID, USERNAME, PASSWORD, CONFIRM_PASSWORD → INITIALIZE (spec §2). Each field is checked
 * against the server's rule as the player goes; no maxLength, so nothing is silently cut (7c).
 */
export function RegisterForm({ onSignedIn }: { onSignedIn: (start: SessionStart) => void }) {
  const { field, frame } = useAuthForm<RegisterFields>(
    {
      empty: emptyRegister,
      path: '/api/auth/register',
      check: checkRegisterForm,
      checkFields: checkRegisterFields,
      body: ({ loginId, username, password }) => ({ loginId, username, password }),
      errorText: registerErrorText,
    },
    onSignedIn,
  );

  return (
    <AuthForm {...frame} submitLabel={texts.auth.initialize} pendingLabel={texts.auth.initializing}>
      <LoginIdField hint={<FieldHint lines={[texts.auth.loginIdPrivate, texts.hintLoginId]} />} {...field('loginId')} />
      <TextField
        label={texts.auth.usernameLabel}
        autoComplete="nickname"
        spellCheck={false}
        hint={<FieldHint lines={[texts.auth.usernamePublic, texts.hintUsername]} />}
        {...field('username')}
      />
      <PasswordField autoComplete="new-password" {...field('password')} />
      <TextField
        label={texts.auth.confirmPasswordLabel}
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
    </AuthForm>
  );
}
