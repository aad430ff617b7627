import { limits } from '../../../core/rules/account';
import { texts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { checkLoginForm, emptyLogin, loginErrorText, type LoginFields } from './auth-model';
import { FormError } from './form-error';
import { useAuthForm } from './use-auth-form';

/** LOGIN_ID + PASSWORD → CONNECT (spec §2). */
export function LoginForm() {
  const { fields, set, submit, problem, pending } = useAuthForm<LoginFields>({
    empty: emptyLogin,
    path: '/api/auth/login',
    check: checkLoginForm,
    body: (f) => f,
    errorText: loginErrorText,
  });

  return (
    <form className="bb-auth__form" onSubmit={submit} noValidate>
      <TextField
        label="LOGIN_ID"
        name="loginId"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={limits.loginIdMax}
        value={fields.loginId}
        onChange={set('loginId')}
        hint={texts.hintLoginId}
      />
      <TextField
        label="PASSWORD"
        name="password"
        type="password"
        autoComplete="current-password"
        maxLength={limits.passwordMax}
        value={fields.password}
        onChange={set('password')}
        hint={texts.hintPassword}
      />
      <FormError message={problem} />
      <CommandButton type="submit" variant="primary" bracket className="bb-auth__submit" disabled={pending}>
        {pending ? texts.auth.connecting : texts.auth.connect}
      </CommandButton>
    </form>
  );
}
