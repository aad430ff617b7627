import { useRef, useState, type FormEvent } from 'react';
import { postAuth, type SessionStart } from '../../session/session-start';
import { formProblem, type FieldCheck } from './auth-model';

export interface AuthFormSpec<F> {
  empty: F;
  path: '/api/auth/login' | '/api/auth/register';
  /** The spec's client-side check (§5): a text to show, or null to send. */
  check(fields: F): string | null;
  /** Each field against its rule: the message under the field. */
  checkFields(fields: F): Partial<Record<keyof F, FieldCheck>>;
  /** What is sent: only the fields the server takes (never CONFIRM_PASSWORD). */
  body(fields: F): object;
  /** The spec's text for a refused call (§8). */
  errorText(error: unknown): string;
}

/** What a TextField needs for one field of the form: its name, value, change and blur, and its message. */
export interface FieldBinding {
  name: string;
  value: string;
  onChange(e: { target: { value: string } }): void;
  onBlur(): void;
  error: string | null;
}

/**
 * The state and submit logic the login and registration forms share: check, send once, sign in
 * (`onSignedIn` gets the player and the session's CSRF token). No query cache or API client here:
 * the form is part of the login screen's small first load (ADR 040).
 * A field's message shows once the player has left the field (or pressed submit), and at once when
 * typing on cannot fix it (too long, a character the rule refuses) — so a pasted 16-character
 * password is refused where it lands, never cut to 14 (7c).
 */
export function useAuthForm<F extends object>(spec: AuthFormSpec<F>, onSignedIn: (start: SessionStart) => void) {
  const [fields, setFields] = useState<F>(spec.empty);
  const [problem, setProblem] = useState<string | null>(null);
  const [touched, setTouched] = useState<ReadonlySet<keyof F>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  // Set at once (state lags a render): a double click sends one request.
  const sending = useRef(false);

  function send(f: F) {
    sending.current = true;
    setPending(true);
    postAuth(spec.path, spec.body(f)).then(
      (start) => {
        sending.current = false;
        setPending(false);
        onSignedIn(start);
      },
      (error: unknown) => {
        sending.current = false;
        setPending(false);
        setProblem(spec.errorText(error));
      },
    );
  }

  const checks = spec.checkFields(fields);
  const errorOf = (key: keyof F): string | null => {
    const check = checks[key];
    if (!check) return null;
    return submitted || touched.has(key) || !check.unfinished ? check.text : null;
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    setSubmitted(true);
    const invalid = spec.check(fields);
    setProblem(formProblem(invalid, checks));
    const firstBad = (Object.keys(fields) as (keyof F)[]).find((key) => checks[key]);
    if (firstBad !== undefined) {
      const input = event.currentTarget.elements.namedItem(String(firstBad));
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    if (!invalid) send(fields);
  }

  const set = (key: keyof F) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));
  const blur = (key: keyof F) => () => setTouched((t) => (t.has(key) ? t : new Set(t).add(key)));

  /** The props a TextField needs for one field: value, change, blur and its message. */
  const field = (key: keyof F): FieldBinding => ({
    name: String(key),
    value: String(fields[key]),
    onChange: set(key),
    onBlur: blur(key),
    error: errorOf(key),
  });

  // frame: what the AuthForm around the fields needs.
  return { field, frame: { onSubmit: submit, problem, pending } };
}
