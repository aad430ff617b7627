import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { User } from '../../../core/api/common';
import { limits } from '../../../core/rules/account';
import { texts } from '../../../core/texts';
import { useApi } from '../../lib/api-context';
import { useSession } from '../../session/session-context';
import { CommandButton } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { checkRegisterForm, emptyRegister, registerErrorText, type RegisterFields } from './auth-model';
import { FormError } from './form-error';

/** LOGIN_ID, USERNAME, PASSWORD, CONFIRM_PASSWORD → INITIALIZE (spec §2). */
export function RegisterForm() {
  const api = useApi();
  const session = useSession();
  const [fields, setFields] = useState<RegisterFields>(emptyRegister);
  const [problem, setProblem] = useState<string | null>(null);
  const register = useMutation({
    mutationFn: ({ loginId, username, password }: RegisterFields) =>
      api.post('/api/auth/register', { loginId, username, password }, User),
    onSuccess: (user) => session.signIn(user),
    onError: (error) => setProblem(registerErrorText(error)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (register.isPending) return;
    const invalid = checkRegisterForm(fields);
    setProblem(invalid);
    if (!invalid) register.mutate(fields);
  }

  const set = (key: keyof RegisterFields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

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
      <CommandButton type="submit" variant="primary" bracket className="bb-auth__submit" disabled={register.isPending}>
        {register.isPending ? 'INITIALIZING…' : 'INITIALIZE'}
      </CommandButton>
    </form>
  );
}
