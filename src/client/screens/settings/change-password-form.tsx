import { useEffect, useRef, useState, type FormEvent } from 'react';
import { accountPaths, ChangePasswordResponse } from '../../../core/api/account';
import { texts } from '../../../core/texts';
import { useApi } from '../../lib/api-context';
import { errorText } from '../../lib/api-error';
import { CommandButton } from '../../ui/button';
import { ActionOutcome } from './action-outcome';
import { Panel } from '../../ui/panel';
import { TextField } from '../../ui/text-field';
import {
  checkPasswordChange,
  emptyPasswordChange,
  type PasswordChangeFields,
  type PasswordChangeProblem,
} from './password-change-model';

type Outcome = { kind: 'idle' } | { kind: 'sending' } | { kind: 'refused'; message: string } | { kind: 'changed' };

/** CURRENT / NEW / CONFIRM → UPDATE PASSWORD; the first field takes focus so the form is keyboard-first. */
export function ChangePasswordForm() {
  const api = useApi();
  const [fields, setFields] = useState<PasswordChangeFields>(emptyPasswordChange);
  const [problem, setProblem] = useState<PasswordChangeProblem | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const inputs = useRef<Partial<Record<keyof PasswordChangeFields, HTMLInputElement | null>>>({});
  // After the shell has put focus on the screen's heading (it does so as the chunk's DOM lands, before
  // effects run): the one thing to do here is type, so the first field takes it.
  useEffect(() => inputs.current.currentPassword?.focus(), []);

  const field = (name: keyof PasswordChangeFields) => ({
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    value: fields[name],
    error: problem?.field === name ? problem.message : null,
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = checkPasswordChange(fields);
    setProblem(found);
    // As on the login forms: a refused form is not sent, and focus goes to the field to fix.
    if (found) return inputs.current[found.field]?.focus();
    setOutcome({ kind: 'sending' });
    try {
      await api.post(
        accountPaths.password,
        { currentPassword: fields.currentPassword, newPassword: fields.newPassword },
        ChangePasswordResponse,
      );
      setFields(emptyPasswordChange);
      setOutcome({ kind: 'changed' });
    } catch (error) {
      setOutcome({ kind: 'refused', message: errorText(error) });
    }
  }

  return (
    <Panel title={texts.settings.changePassword} className="bb-settings__panel">
      <form className="bb-settings__form" onSubmit={submit} noValidate>
        <TextField
          label={texts.settings.currentPasswordLabel}
          type="password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <TextField
          label={texts.settings.newPasswordLabel}
          type="password"
          autoComplete="new-password"
          hint={texts.hintPassword}
          {...field('newPassword')}
        />
        <TextField
          label={texts.settings.confirmPasswordLabel}
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <ActionOutcome
          refused={outcome.kind === 'refused' ? outcome.message : null}
          done={outcome.kind === 'changed' ? texts.settings.changed : null}
        />
        <CommandButton type="submit" variant="primary" bracket disabled={outcome.kind === 'sending'}>
          {outcome.kind === 'sending' ? texts.settings.submitting : texts.settings.submit}
        </CommandButton>
      </form>
    </Panel>
  );
}
