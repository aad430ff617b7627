import type { Listing } from '../../../core/api/market';
import { fillText, itemTexts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { focusItem } from '../../ui/use-focus-successor';
import { PriceReference } from './price-reference';
import { buyState, daysLeftLabel, listingFacts, listingTone } from './data-exchange-model';
import { formatTelnet } from '../../lib/format-telnet';

export interface ListingCardProps {
  listing: Listing;
  me: { id: number; telnet: number };
  nowMs: number;
  busy: boolean;
  /** MARKETPLACE buys; MY LISTINGS removes. */
  action: 'buy' | 'remove';
  /** The market's price for this item ("LOWEST 120 · AVG OF LAST 10 SALES 115"), when known. */
  reference?: string | null;
  onBuy?(listing: Listing): void;
  onRemove?(listing: Listing): void;
}

/** One listing: the item in its rarity colour, its facts, the price, the seller, days left and the action. */
export function ListingCard({ listing, me, nowMs, busy, action, reference, onBuy, onRemove }: ListingCardProps) {
  const tone = listingTone(listing);
  const state = buyState(listing, me, nowMs);
  const name = listing.itemData.name;
  return (
    <li className={`bb-dx-card bb-dx-card--${tone}`} {...focusItem}>
      <div className="bb-dx-card__info">
        <span className={`bb-dx-card__name ${tone === 'core' ? 'bb-dx-card__name--core' : `rarity-${tone}`}`}>
          {name}
        </span>
        <span className="bb-dx-card__facts">{listingFacts(listing)}</span>
        <span className="bb-dx-card__meta">
          {itemTexts.seller} {listing.sellerUsername} · {daysLeftLabel(listing.expiresAt, nowMs)}
        </span>
        <PriceReference line={reference ?? null} className="bb-dx-card__reference" />
      </div>
      <div className="bb-dx-card__deal">
        <span className="bb-dx-card__price">
          {formatTelnet(listing.price)} <abbr title="Telnet">TEL</abbr>
        </span>
        {action === 'remove' ? (
          <CommandButton
            size="small"
            variant="danger"
            data-focus-slot="main"
            disabled={busy}
            onClick={() => onRemove?.(listing)}
            aria-label={`${itemTexts.remove} ${name}`}
          >
            {itemTexts.remove}
          </CommandButton>
        ) : state.kind === 'own' ? (
          <CommandButton size="small" disabled>
            {itemTexts.yourItem}
          </CommandButton>
        ) : (
          <CommandButton
            size="small"
            variant="primary"
            data-focus-slot="main"
            disabled={busy || state.kind !== 'buy'}
            title={
              state.kind === 'short'
                ? fillText(itemTexts.insufficientTelnet, { n: formatTelnet(state.missing) })
                : undefined
            }
            onClick={() => onBuy?.(listing)}
            aria-label={`${itemTexts.buy} ${name} for ${formatTelnet(listing.price)} Telnet`}
          >
            {itemTexts.buy}
          </CommandButton>
        )}
      </div>
    </li>
  );
}
