import type { FormEvent, ReactNode } from 'react';
import { CommandButton } from '../../ui/button';
import { FormError } from './form-error';

/**
 * The frame every form on the auth screens shares: its fields, the error line, and the submit
 * command, which says it is working (and takes no second press) while the call is out.
 */
export function AuthForm({
  onSubmit,
  problem,
  pending,
  submitLabel,
  pendingLabel,
  children,
}: {
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  problem: string | null;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <form className="bb-auth__form" onSubmit={onSubmit} noValidate>
      {children}
      <FormError message={problem} />
      <CommandButton type="submit" variant="primary" bracket className="bb-auth__submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </CommandButton>
    </form>
  );
}
