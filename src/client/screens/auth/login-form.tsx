import { texts } from '../../lib/first-load-texts';
import { CommandButton } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { checkLoginFields, checkLoginForm, emptyLogin, loginErrorText, type LoginFields } from './auth-model';
import { FormError } from './form-error';
import type { SessionStart } from '../../session/session-start';
import { useAuthForm } from './use-auth-form';

/**
 * LOGIN_ID + PASSWORD → CONNECT (spec §2). No maxLength: a too-long paste is refused with the rule's
 * text rather than silently cut (7c).
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (start: SessionStart) => void }) {
  const { field, submit, problem, pending } = useAuthForm<LoginFields>(
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
    <form className="bb-auth__form" onSubmit={submit} noValidate>
      <TextField
        label={texts.auth.loginIdLabel}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint={texts.hintLoginId}
        {...field('loginId')}
      />
      <TextField
        label={texts.auth.passwordLabel}
        type="password"
        autoComplete="current-password"
        hint={texts.hintPassword}
        {...field('password')}
      />
      <FormError message={problem} />
      <CommandButton type="submit" variant="primary" bracket className="bb-auth__submit" disabled={pending}>
        {pending ? texts.auth.connecting : texts.auth.connect}
      </CommandButton>
    </form>
  );
}
