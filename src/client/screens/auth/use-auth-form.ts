import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { User } from '../../../core/api/common';
import { useApi } from '../../lib/api-context';
import { useSession } from '../../session/session-context';

export interface AuthFormSpec<F> {
  empty: F;
  path: '/api/auth/login' | '/api/auth/register';
  /** The spec's client-side check (§5): a text to show, or null to send. */
  check(fields: F): string | null;
  /** What is sent: only the fields the server takes (never CONFIRM_PASSWORD). */
  body(fields: F): object;
  /** The spec's text for a refused call (§8). */
  errorText(error: unknown): string;
}

/** The state and submit logic the login and registration forms share: check, send once, sign in. */
export function useAuthForm<F extends object>(spec: AuthFormSpec<F>) {
  const api = useApi();
  const session = useSession();
  const [fields, setFields] = useState<F>(spec.empty);
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (f: F) => api.post(spec.path, spec.body(f), User),
    onSuccess: (user) => session.signIn(user),
    onError: (error) => setProblem(spec.errorText(error)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (mutation.isPending) return;
    const invalid = spec.check(fields);
    setProblem(invalid);
    if (!invalid) mutation.mutate(fields);
  }

  const set = (key: keyof F) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));

  return { fields, set, submit, problem, pending: mutation.isPending };
}
