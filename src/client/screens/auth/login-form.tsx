import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { User } from '../../../core/api/common';
import { limits } from '../../../core/rules/account';
import { texts } from '../../../core/texts';
import { useApi } from '../../lib/api-context';
import { useSession } from '../../session/session-context';
import { CommandButton } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { checkLoginForm, emptyLogin, loginErrorText, type LoginFields } from './auth-model';
import { FormError } from './form-error';

/** LOGIN_ID + PASSWORD → CONNECT (spec §2). */
export function LoginForm() {
  const api = useApi();
  const session = useSession();
  const [fields, setFields] = useState<LoginFields>(emptyLogin);
  const [problem, setProblem] = useState<string | null>(null);
  const login = useMutation({
    mutationFn: (body: LoginFields) => api.post('/api/auth/login', body, User),
    onSuccess: (user) => session.signIn(user),
    onError: (error) => setProblem(loginErrorText(error)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (login.isPending) return;
    const invalid = checkLoginForm(fields);
    setProblem(invalid);
    if (!invalid) login.mutate(fields);
  }

  const set = (key: keyof LoginFields) => (e: { target: { value: string } }) =>
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
      <CommandButton type="submit" variant="primary" bracket className="bb-auth__submit" disabled={login.isPending}>
        {login.isPending ? 'CONNECTING…' : 'CONNECT'}
      </CommandButton>
    </form>
  );
}
