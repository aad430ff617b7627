import { useId, type InputHTMLAttributes } from 'react';
import './text-field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** The visible label, which is also the input's accessible name (e.g. LOGIN_ID). */
  label: string;
  hint?: string;
}

/** A labelled terminal-style input with an optional hint tied to it by aria-describedby. */
export function TextField({ label, hint, className, ...rest }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={['bb-field', className].filter(Boolean).join(' ')}>
      <label className="bb-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="bb-field__box">
        <span className="bb-field__prompt" aria-hidden="true">
          &gt;
        </span>
        <input id={id} className="bb-field__input" aria-describedby={hint ? hintId : undefined} {...rest} />
      </div>
      {hint ? (
        <p id={hintId} className="bb-field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
