import { coreDisplayName } from '../../../core/items';
import { itemTexts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { Modal } from '../../ui/modal';
import type { InventoryItem } from './inventory-model';

/** Destroying is for good: one confirmation, Escape or Cancel backs out. */
export function ConfirmDestroy({
  item,
  onCancel,
  onConfirm,
  returnFocus,
}: {
  item: InventoryItem | null;
  onCancel(): void;
  onConfirm(item: InventoryItem): void;
  returnFocus(): HTMLElement | null;
}) {
  const name = item ? (item.kind === 'gear' ? item.gear.name : coreDisplayName(item.core.coreType.name)) : '';
  return (
    <Modal
      open={item !== null}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={`${itemTexts.destroy} ${name}?`}
      description="It is gone for good: destroyed items are not refunded."
      tone="danger"
      returnFocus={returnFocus}
      actions={
        <>
          <CommandButton onClick={onCancel}>{itemTexts.cancel}</CommandButton>
          <CommandButton variant="danger" onClick={() => item && onConfirm(item)}>
            {itemTexts.destroy}
          </CommandButton>
        </>
      }
    />
  );
}
