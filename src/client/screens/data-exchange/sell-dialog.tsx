import { useState } from 'react';
import { checkPriceInput } from '../../../core/rules/market';
import { itemTexts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { proceedsLine, type SellableItem } from './data-exchange-model';
import { PriceReference } from './price-reference';

/**
 * spec §2/§5 sell dialog: a price field, the list button disabled while it is empty, and
 * 'Price must be at least 1 telnet' (or our texts for fractions and the maximum) once something is typed.
 */
export interface SellDialogProps {
  item: SellableItem | null;
  /** The market's price for the item, to price it against (null while unknown). */
  reference: string | null;
  busy: boolean;
  onCancel(): void;
  onList(price: number): void;
  returnFocus(): HTMLElement | null;
}

export function SellDialog({ item, reference, busy, onCancel, onList, returnFocus }: SellDialogProps) {
  const [text, setText] = useState('');
  const check = checkPriceInput(text);
  const error = !check.ok && 'message' in check ? check.message : null;
  const close = () => {
    setText('');
    onCancel();
  };
  return (
    <Modal
      open={item !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={`${itemTexts.listForSale}: ${item?.name ?? ''}`}
      description={item?.facts}
      tone="telnet"
      returnFocus={returnFocus}
    >
      <PriceReference line={reference} className="bb-dx-buy__reference" />
      <form
        className="bb-dx__sell-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (check.ok) {
            onList(check.price);
            setText('');
          }
        }}
      >
        <TextField
          label={itemTexts.price}
          hint={itemTexts.priceHint}
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error !== null}
          autoFocus
        />
        <p className={error ? 'bb-dx__price-error' : 'bb-dx__proceeds'} role={error ? 'alert' : undefined}>
          {error ?? (check.ok ? proceedsLine(check.price) : '\u00a0')}
        </p>
        <div className="bb-modal__actions">
          <CommandButton onClick={close}>{itemTexts.cancel}</CommandButton>
          <CommandButton type="submit" variant="primary" disabled={!check.ok || busy}>
            {itemTexts.listForSale}
          </CommandButton>
        </div>
      </form>
    </Modal>
  );
}
