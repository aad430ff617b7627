import * as Dialog from '@radix-ui/react-dialog';
import type { ModalProps } from './modal';
import './modal.css';

/**
 * A centred dialog from Radix (loaded with the first dialog opened, see modal.tsx) in the game's frame: focus trap,
 * Escape closes it, labelled by its title.
 */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  tone = 'accent',
  children,
  actions,
  returnFocus,
  returnFocusTo,
}: ModalProps) {
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
          {description ? (
            <Dialog.Description className="bb-modal__description">{description}</Dialog.Description>
          ) : null}
          {children}
          {actions ? <div className="bb-modal__actions">{actions}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
