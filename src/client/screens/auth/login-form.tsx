import { texts } from '../../lib/first-load-texts';
import { checkLoginFields, checkLoginForm, emptyLogin, loginErrorText, type LoginFields } from './auth-model';
import { LoginIdField, PasswordField } from './auth-fields';
import { AuthForm } from './auth-form';
import type { SessionStart } from '../../session/session-start';
import { useAuthForm } from './use-auth-form';

/**
 * LOGIN_ID + PASSWORD → CONNECT (spec §2). No maxLength: a too-long paste is refused with the rule's
 * text rather than silently cut (7c).
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (start: SessionStart) => void }) {
  const { field, frame } = useAuthForm<LoginFields>(
    {
      empty: emptyLogin,
      path: '/api/auth/login',
      check: checkLoginForm,
      checkFields: checkLoginFields,
      body: (f) => f,
      errorText: loginErrorText,
    },
    onSignedIn,
  );

  return (
    <AuthForm {...frame} submitLabel={texts.auth.connect} pendingLabel={texts.auth.connecting}>
      <LoginIdField hint={texts.hintLoginId} {...field('loginId')} />
      <PasswordField autoComplete="current-password" {...field('password')} />
    </AuthForm>
  );
}
