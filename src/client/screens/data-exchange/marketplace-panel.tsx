import { useRef, useState } from 'react';
import type { Listing } from '../../../core/api/market';
import { pageCount } from '../../../core/rules/market';
import { fillText, itemTexts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { useFocusSuccessor } from '../../ui/use-focus-successor';
import { BuyDialog } from './buy-dialog';
import { defaultFilters, priceReferenceLine, pricesByName, type MarketFilters as Filters } from './data-exchange-model';
import { ListingCard } from './listing-card';
import { ListingList } from './listing-list';
import { MarketFilters } from './market-filters';
import { useListings, usePrices } from './use-market';
import type { useMarketActions } from './use-market-actions';

/** MARKETPLACE: every active listing, searched, filtered, sorted and paged by the server. */
export function MarketplacePanel({
  me,
  actions,
}: {
  me: { id: number; telnet: number; level: number };
  actions: ReturnType<typeof useMarketActions>;
}) {
  const [filters, setFilters] = useState<Filters>(defaultFilters);
  const page = useListings(filters);
  const prices = pricesByName(usePrices().data);
  const [confirming, setConfirming] = useState<Listing | null>(null);
  // After BUY (or Cancel) focus goes back to the listing's button, or to the next listing's once it sold.
  const results = useRef<HTMLDivElement>(null);
  const focus = useFocusSuccessor(results);
  const pages = page.data ? pageCount(page.data.total, page.data.pageSize) : 1;
  const now = Date.now();

  return (
    <div className="bb-dx__section">
      <MarketFilters filters={filters} onChange={setFilters} />
      <div ref={results} className="bb-dx__results">
        <ListingList
          query={page}
          listings={page.data?.listings ?? []}
          empty={itemTexts.noListings}
          label="Listings"
          card={(listing) => (
            <ListingCard
              key={listing.id}
              listing={listing}
              me={me}
              nowMs={now}
              busy={actions.busy}
              action="buy"
              reference={priceReferenceLine(prices.get(listing.itemData.name))}
              onBuy={setConfirming}
            />
          )}
        />
      </div>
      <BuyDialog
        listing={confirming}
        me={me}
        price={confirming ? prices.get(confirming.itemData.name) : undefined}
        busy={actions.busy}
        onCancel={() => setConfirming(null)}
        onConfirm={(listing) => {
          setConfirming(null);
          actions.buy(listing);
        }}
        returnFocus={focus.restoreTarget}
      />
      <nav className="bb-dx__pager" aria-label="Pages">
        <CommandButton
          size="small"
          disabled={filters.page <= 1}
          onClick={() => setFilters({ ...filters, page: filters.page - 1 })}
        >
          {itemTexts.previousPage}
        </CommandButton>
        <span aria-live="polite">{fillText(itemTexts.pageOf, { page: filters.page, pages })}</span>
        <CommandButton
          size="small"
          disabled={filters.page >= pages}
          onClick={() => setFilters({ ...filters, page: filters.page + 1 })}
        >
          {itemTexts.nextPage}
        </CommandButton>
      </nav>
    </div>
  );
}
