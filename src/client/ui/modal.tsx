import { lazy, Suspense, useState, type ReactNode, type RefObject } from 'react';

// Radix's dialog and its helpers (focus scope, scroll lock, portal) are a chunk of their own, fetched
// when a dialog first opens: no screen needs them for its first paint (ADR 069).
const ModalDialog = lazy(() => import('./modal-dialog').then((m) => ({ default: m.ModalDialog })));

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

/** A centred dialog (focus trap, Escape closes it, labelled by its title) in the game's frame. */
export function Modal(props: ModalProps) {
  // Once opened it stays mounted, so closing runs Radix's own close (focus return included).
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
