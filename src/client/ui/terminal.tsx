import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import './terminal.css';

export interface TerminalProps {
  /** Accessible name of the output (a live log). */
  outputLabel: string;
  /** Accessible name of the input line. */
  inputLabel: string;
  /** The prompt before the input, e.g. 'neo@ping:~$'; `host` ('neo@ping:') folds away on phones. */
  prompt: { host: string; path: string };
  value: string;
  onChange(value: string): void;
  /** Enter. */
  onSubmit(line: string): void;
  /** ↑ and ↓. */
  onHistory(direction: 'back' | 'forward'): void;
  /** Tab on a non-empty line (an empty line lets Tab move focus, so the keyboard is never trapped). */
  onComplete(): void;
  /** Something the output should follow: when it changes, the output scrolls to its end. */
  followKey: string | number;
  busy?: boolean;
  maxLength?: number;
  placeholder?: string;
  /** Label of the phone's completion button (Tab on a touch keyboard); without it no button. */
  completeLabel?: string;
  children: ReactNode;
}

/** A terminal: an output log above a prompt line (ui.md's terminal line), shared by every command-line screen. */
export function Terminal({
  outputLabel,
  inputLabel,
  prompt,
  value,
  onChange,
  onSubmit,
  onHistory,
  onComplete,
  followKey,
  busy = false,
  maxLength,
  placeholder,
  completeLabel,
  children,
}: TerminalProps) {
  const outputRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  // The prompt is where the player acts next: typing 'help' on arrival works (the shell's heading focus leaves it).
  useEffect(() => inputRef.current?.focus({ preventScroll: true }), []);

  useLayoutEffect(() => {
    const el = outputRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [followKey]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      onSubmit(value);
    } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      onHistory(event.key === 'ArrowUp' ? 'back' : 'forward');
    } else if (event.key === 'Tab' && !event.shiftKey && value.trim() !== '') {
      event.preventDefault();
      onComplete();
    } else if (event.key === 'Escape' && value) {
      event.preventDefault();
      onChange('');
    }
  }

  /** A click on the output puts the cursor back on the prompt, unless the player is selecting text or pressed a control. */
  function focusPrompt(event: MouseEvent) {
    if (event.target instanceof Element && event.target.closest('button, a, input')) return;
    if (window.getSelection()?.isCollapsed ?? true) inputRef.current?.focus();
  }

  return (
    <div className="bb-term" aria-busy={busy} onMouseUp={focusPrompt}>
      <div ref={outputRef} className="bb-term__output" role="log" aria-label={outputLabel} tabIndex={0}>
        {children}
      </div>
      <div className="bb-term__line">
        <label htmlFor={inputId} className="bb-term__prompt">
          <span aria-hidden="true">
            <span className="bb-term__host">{prompt.host}</span>
            {prompt.path}
          </span>
          <span className="bb-visually-hidden">{inputLabel}</span>
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="bb-term__input"
          type="text"
          value={value}
          maxLength={maxLength}
          placeholder={placeholder}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="send"
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {busy ? <span className="bb-term__busy" aria-hidden="true" /> : null}
        {completeLabel ? (
          <button
            type="button"
            className="bb-term__complete"
            aria-label={completeLabel}
            // Keeps the focus (and a phone's keyboard) on the prompt while the line completes.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              onComplete();
              inputRef.current?.focus();
            }}
          >
            TAB ⇥
          </button>
        ) : null}
      </div>
    </div>
  );
}
