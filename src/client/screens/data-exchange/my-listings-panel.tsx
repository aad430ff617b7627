import { useRef } from 'react';
import { itemTexts } from '../../../core/texts';
import { useFocusSuccessor } from '../../ui/use-focus-successor';
import { ListingCard } from './listing-card';
import { ListingList } from './listing-list';
import { useMyListings } from './use-market';
import type { useMarketActions } from './use-market-actions';

/** MY LISTINGS: the player's active listings, each with days left and REMOVE (focus then moves to the next one's). */
export function MyListingsPanel({
  me,
  actions,
}: {
  me: { id: number; telnet: number };
  actions: ReturnType<typeof useMarketActions>;
}) {
  const mine = useMyListings();
  const box = useRef<HTMLDivElement>(null);
  useFocusSuccessor(box);
  const now = Date.now();
  return (
    <div ref={box}>
      <ListingList
        query={mine}
        listings={mine.data ?? []}
        empty={itemTexts.noMyListings}
        label="My listings"
        card={(listing) => (
          <ListingCard
            key={listing.id}
            listing={listing}
            me={me}
            nowMs={now}
            busy={actions.busy}
            action="remove"
            onRemove={actions.remove}
          />
        )}
      />
    </div>
  );
}
