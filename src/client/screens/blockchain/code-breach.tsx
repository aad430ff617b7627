import { useState, type FormEvent } from 'react';
import { sanitizeGuessInput } from '../../../core/rules/codebreak';
import { texts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { Panel } from '../../ui/panel';

const t = texts.blockchain;

export interface CodeBreachProps {
  codeLength: number;
  expCost: number;
  pending: boolean;
  /** Submits a guess; resolves when its result (or error) is in, so the input is then cleared. */
  onSubmit(guess: string): Promise<void>;
}

/** spec §2 CODE BREACH: a digit-only input capped at the code length, CRACK / PROCESSING..., Enter submits. */
export function CodeBreach({ codeLength, expCost, pending, onSubmit }: CodeBreachProps) {
  const [guess, setGuess] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    await onSubmit(guess);
    setGuess('');
  };
  return (
    <Panel title={t.codeBreach} tone="accent" className="bb-bc__breach">
      <form className="bb-bc__form" onSubmit={submit}>
        <p className="bb-bc__brief">{t.crackTheCode(codeLength)}</p>
        <p className="bb-muted bb-bc__hint">
          {t.digitsOnly} · {t.eachGuessCosts(expCost)}
        </p>
        <div className="bb-bc__row">
          <label className="bb-visually-hidden" htmlFor="bb-bc-guess">
            {t.guessLabel}
          </label>
          <input
            id="bb-bc-guess"
            className="bb-bc__input"
            value={guess}
            onChange={(e) => setGuess(sanitizeGuessInput(e.target.value, codeLength))}
            placeholder={t.placeholder(codeLength)}
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            maxLength={codeLength}
            aria-describedby="bb-bc-count"
            autoFocus
          />
          <CommandButton type="submit" variant="primary" disabled={pending} className="bb-bc__crack">
            {pending ? t.processing : t.crack}
          </CommandButton>
        </div>
        <p id="bb-bc-count" className="bb-bc__count" data-testid="guess-count">
          {guess.length}/{codeLength}
        </p>
      </form>
    </Panel>
  );
}
