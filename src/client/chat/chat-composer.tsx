import { useId, useState, type FormEvent } from 'react';
import { balance } from '../../core/balance';
import { CommandButton } from '../ui/button';
import { TextField } from '../ui/text-field';
import { chatSendErrorText, composerState } from './chat-model';
import { texts } from '../../core/texts';

export interface ChatComposerProps {
  pending: boolean;
  /** Sends the trimmed line; rejects when the server refused it. */
  onSend(text: string): Promise<unknown>;
}

/** The send box (spec §5): trimmed, never empty, 500 characters at most, Enter sends, one send at a time. */
export function ChatComposer({ pending, onSend }: ChatComposerProps) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = `${useId()}-error`;
  const state = composerState(draft, pending);
  const nearLimit = state.remaining <= 50;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!state.canSend) return;
    setError(null);
    onSend(state.text).then(
      () => setDraft(''),
      (failure: unknown) => setError(chatSendErrorText(failure)),
    );
  }

  return (
    <form className="bb-chat__composer" onSubmit={submit} aria-busy={pending}>
      <TextField
        label={texts.chat.composer}
        hideLabel
        type="text"
        autoComplete="off"
        enterKeyHint="send"
        maxLength={balance.messageMaxLength}
        placeholder={texts.chat.placeholder}
        value={draft}
        // The refusal is shown across the whole form (below), not under the box as a field's own error.
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => {
          setDraft(e.target.value);
          if (error) setError(null);
        }}
        trailing={
          nearLimit ? (
            <span className="bb-chat__count" aria-live="polite">
              {state.remaining}
            </span>
          ) : null
        }
      />
      <CommandButton type="submit" variant="primary" disabled={!state.canSend}>
        {pending ? texts.chat.sending : texts.chat.send}
      </CommandButton>
      {error ? (
        <p id={errorId} className="bb-chat__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
