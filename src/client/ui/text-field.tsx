import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './text-field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** The visible label, which is also the input's accessible name (e.g. LOGIN_ID). */
  label: string;
  /** Short help under the field (a line, or a few lines as nodes), tied to it by aria-describedby. */
  hint?: ReactNode;
  /** What is wrong with the value: shown under the field, marks it aria-invalid and describes it. */
  error?: string | null;
  /** The label is for screen readers only, where the field's place says what it is for (a chat's send box). */
  hideLabel?: boolean;
  /** Shown inside the box after the input (a count of characters left). */
  trailing?: ReactNode;
}

/** A labelled terminal-style input; its error and hint are tied to it by aria-describedby. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, hideLabel = false, trailing, className, ...rest },
  ref,
) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['bb-field', error ? 'bb-field--invalid' : null, className].filter(Boolean).join(' ')}>
      <label className={hideLabel ? 'bb-visually-hidden' : 'bb-field__label'} htmlFor={id}>
        {label}
      </label>
      <div className="bb-field__box">
        <span className="bb-field__prompt" aria-hidden="true">
          &gt;
        </span>
        <input
          ref={ref}
          id={id}
          className="bb-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
        />
        {trailing}
      </div>
      {error ? (
        <p id={errorId} className="bb-field__error" data-testid="field-error">
          <span aria-hidden="true">! </span>
          {error}
        </p>
      ) : null}
      {hint ? (
        <div id={hintId} className="bb-field__hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
});
