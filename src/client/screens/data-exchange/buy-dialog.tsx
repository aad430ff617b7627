import type { ItemPrice, Listing } from '../../../core/api/market';
import { balanceAfter } from '../../../core/rules/market-prices';
import { fillText, itemTexts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { aboveLevel, listingFacts, priceReferenceLine } from './data-exchange-model';
import { PriceReference } from './price-reference';
import './buy-dialog.css';

export interface BuyDialogProps {
  listing: Listing | null;
  me: { telnet: number; level: number };
  price: ItemPrice | undefined;
  busy: boolean;
  onCancel(): void;
  onConfirm(listing: Listing): void;
  returnFocus(): HTMLElement | null;
}

/**
 * BUY asks first (as Torn's market does): the price, the balance before and after, the market's
 * price for the item, and a warning when the gear is above the player's level. Escape or Cancel backs out.
 */
export function BuyDialog({ listing, me, price, busy, onCancel, onConfirm, returnFocus }: BuyDialogProps) {
  const level = listing ? aboveLevel(listing, me.level) : null;
  const reference = priceReferenceLine(price);
  return (
    <Modal
      open={listing !== null}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={fillText(itemTexts.buyTitle, { name: listing?.itemData.name ?? '' })}
      description={listing ? `${listingFacts(listing)} · ${itemTexts.seller} ${listing.sellerUsername}` : undefined}
      tone="telnet"
      returnFocus={returnFocus}
      actions={
        <>
          <CommandButton onClick={onCancel}>{itemTexts.cancel}</CommandButton>
          <CommandButton variant="primary" disabled={busy} onClick={() => listing && onConfirm(listing)}>
            {itemTexts.confirmBuy}
          </CommandButton>
        </>
      }
    >
      {listing ? (
        <>
          <dl className="bb-dx-buy__sums">
            <div>
              <dt>{itemTexts.buyPrice}</dt>
              <dd className="bb-telnet">{listing.price}</dd>
            </div>
            <div>
              <dt>{itemTexts.balanceNow}</dt>
              <dd>{me.telnet}</dd>
            </div>
            <div>
              <dt>{itemTexts.balanceAfter}</dt>
              <dd className="bb-dx-buy__after">{balanceAfter(me.telnet, listing.price)}</dd>
            </div>
          </dl>
          <PriceReference line={reference} className="bb-dx-buy__reference" />
          {level !== null ? (
            <p className="bb-dx-buy__warning" role="alert">
              {fillText(itemTexts.buyLevelWarning, { level, player: me.level })}
            </p>
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
