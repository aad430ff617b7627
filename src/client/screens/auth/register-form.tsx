import { limits } from '../../../core/rules/account';
import { texts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { checkRegisterForm, emptyRegister, registerErrorText, type RegisterFields } from './auth-model';
import { FormError } from './form-error';
import { useAuthForm } from './use-auth-form';

/** LOGIN_ID, USERNAME, PASSWORD, CONFIRM_PASSWORD → INITIALIZE (spec §2). */
export function RegisterForm() {
  const { fields, set, submit, problem, pending } = useAuthForm<RegisterFields>({
    empty: emptyRegister,
    path: '/api/auth/register',
    check: checkRegisterForm,
    body: ({ loginId, username, password }) => ({ loginId, username, password }),
    errorText: registerErrorText,
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
        label="USERNAME"
        name="username"
        autoComplete="nickname"
        spellCheck={false}
        maxLength={limits.usernameMax}
        value={fields.username}
        onChange={set('username')}
        hint={texts.hintUsername}
      />
      <TextField
        label="PASSWORD"
        name="password"
        type="password"
        autoComplete="new-password"
        maxLength={limits.passwordMax}
        value={fields.password}
        onChange={set('password')}
        hint={texts.hintPassword}
      />
      <TextField
        label="CONFIRM_PASSWORD"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        maxLength={limits.passwordMax}
        value={fields.confirmPassword}
        onChange={set('confirmPassword')}
      />
      <FormError message={problem} />
      <CommandButton type="submit" variant="primary" bracket className="bb-auth__submit" disabled={pending}>
        {pending ? texts.auth.initializing : texts.auth.initialize}
      </CommandButton>
    </form>
  );
}
