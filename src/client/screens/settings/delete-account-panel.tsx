import { useRef, useState, type FormEvent } from 'react';
import { accountPaths, DeleteAccountResponse } from '../../../core/api/account';
import { isPassword } from '../../../core/rules/account';
import { texts } from '../../../core/texts';
import { useApi } from '../../lib/api-context';
import { errorText } from '../../lib/api-error';
import { useSession } from '../../session/session-context';
import { CommandButton } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Panel } from '../../ui/panel';
import { TextField } from '../../ui/text-field';

const s = texts.settings;
type Outcome = { kind: 'idle' } | { kind: 'sending' } | { kind: 'refused'; message: string };

/**
 * DELETE ACCOUNT (ADR 057): a danger button opens a dialog that says what will happen and asks the
 * password; Escape or CANCEL closes it and focus returns to the button (Radix). On success the
 * server has ended every session, so the tab signs out and goes to '/'.
 */
export function DeleteAccountPanel() {
  const api = useApi();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const input = useRef<HTMLInputElement | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);

  function openChange(next: boolean) {
    if (outcome.kind === 'sending') return;
    setOpen(next);
    setPassword('');
    setOutcome({ kind: 'idle' });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return input.current?.focus();
    // A password that breaks the rule cannot be this account's: refused here, no guess spent.
    if (!isPassword(password)) {
      setOutcome({ kind: 'refused', message: s.deletePasswordWrong });
      return input.current?.focus();
    }
    setOutcome({ kind: 'sending' });
    try {
      await api.post(accountPaths.delete, { password }, DeleteAccountResponse);
      session.endedByServer();
    } catch (error) {
      setOutcome({ kind: 'refused', message: errorText(error) });
      input.current?.focus();
    }
  }

  return (
    <Panel title={s.deleteAccount} className="bb-settings__panel bb-settings__panel--danger">
      <div className="bb-settings__form">
        <p className="bb-settings__hint">{s.deleteAccountHint}</p>
        <CommandButton ref={opener} type="button" variant="danger" bracket onClick={() => openChange(true)}>
          {s.deleteAccountButton}
        </CommandButton>
      </div>
      <Modal open={open} onOpenChange={openChange} title={s.deleteDialogTitle} tone="danger" returnFocusTo={opener}>
        <form className="bb-settings__form bb-settings__dialog-form" onSubmit={(e) => void submit(e)} noValidate>
          <ul className="bb-settings__consequences">
            {s.deleteConsequences.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <TextField
            ref={input}
            label={s.deletePasswordLabel}
            type="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            error={outcome.kind === 'refused' ? outcome.message : null}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="bb-modal__actions">
            <CommandButton type="button" onClick={() => openChange(false)}>
              {s.cancel}
            </CommandButton>
            <CommandButton type="submit" variant="danger" disabled={outcome.kind === 'sending'}>
              {outcome.kind === 'sending' ? s.deleting : s.deleteConfirm}
            </CommandButton>
          </div>
        </form>
      </Modal>
    </Panel>
  );
}
