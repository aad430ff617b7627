import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import './button.css';

export interface CommandButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'ghost' | 'danger' | 'link';
  size?: 'normal' | 'small';
  /** Wrap the label in `[ ]` like a command (ui.md). The brackets stay out of the accessible name. */
  bracket?: boolean;
  children: ReactNode;
  /** React 19 passes a ref as a prop: a dialog hands focus back to the button that opened it. */
  ref?: Ref<HTMLButtonElement>;
}

/** A button that reads like a command: `[ CONNECT ]`, `CRACK`. */
export function CommandButton({
  variant = 'ghost',
  size = 'normal',
  bracket = false,
  className,
  type = 'button',
  children,
  ...rest
}: CommandButtonProps) {
  const classes = ['bb-btn', `bb-btn--${variant}`, `bb-btn--${size}`, className].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} {...rest}>
      {bracket ? (
        <span aria-hidden="true" className="bb-btn__bracket">
          [
        </span>
      ) : null}
      <span className="bb-btn__label">{children}</span>
      {bracket ? (
        <span aria-hidden="true" className="bb-btn__bracket">
          ]
        </span>
      ) : null}
    </button>
  );
}
