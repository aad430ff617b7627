import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import './modal.css';

export interface ModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The dialog's title, also its accessible name. */
  title: string;
  description?: ReactNode;
  tone?: 'accent' | 'telnet' | 'danger';
  children?: ReactNode;
  /** The button row at the bottom. */
  actions?: ReactNode;
  /**
   * Where focus goes when the dialog closes, for a dialog opened without a Radix trigger (Radix would
   * otherwise leave it on <body>): the control that opened it, found when the dialog closes
   * (`returnFocus`) or held in a ref (`returnFocusTo`).
   */
  returnFocus?: () => HTMLElement | null;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** A centred dialog from Radix (focus trap, Escape closes it, labelled by its title) in the game's frame. */
export function Modal({ open, onOpenChange, title, description, tone = 'accent', children, actions, returnFocus, returnFocusTo }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="bb-modal__overlay" />
        <Dialog.Content
          className={`bb-modal bb-modal--${tone}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            const target = returnFocus ? returnFocus() : returnFocusTo?.current;
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <Dialog.Title className="bb-modal__title">{title}</Dialog.Title>
          {description ? <Dialog.Description className="bb-modal__description">{description}</Dialog.Description> : null}
          {children}
          {actions ? <div className="bb-modal__actions">{actions}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
