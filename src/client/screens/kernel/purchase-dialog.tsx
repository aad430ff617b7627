import { bitPrice, type BitCoord } from '../../../core/rules/kernel';
import { fillText, texts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { Modal } from '../../ui/modal';

const k = texts.kernel;

/** spec §2 purchase confirmation: the bit and its price; the server charges its own price. */
export function PurchaseDialog({
  bit,
  busy,
  onConfirm,
  onCancel,
  returnFocus,
}: {
  bit: BitCoord | null;
  busy: boolean;
  onConfirm(bit: BitCoord): void;
  onCancel(): void;
  returnFocus(): HTMLElement | null;
}) {
  const price = bit ? bitPrice(bit.x, bit.y) : 0;
  return (
    <Modal
      open={bit !== null}
      onOpenChange={(o) => (o ? undefined : onCancel())}
      title={k.confirmTitle}
      description={bit ? fillText(k.confirmBody, { x: bit.x, y: bit.y, price }) : undefined}
      tone="telnet"
      returnFocus={returnFocus}
      actions={
        <>
          <CommandButton onClick={onCancel}>{k.cancel}</CommandButton>
          <CommandButton variant="primary" disabled={busy} onClick={() => bit && onConfirm(bit)} autoFocus>
            {busy ? k.buying : k.confirm}
          </CommandButton>
        </>
      }
    />
  );
}
