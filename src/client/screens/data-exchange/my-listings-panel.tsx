import { useRef } from 'react';
import { itemTexts } from '../../../core/texts';
import { errorText } from '../../lib/api-error';
import { useFocusSuccessor } from '../../ui/use-focus-successor';
import { ListingCard } from './listing-card';
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
      {mine.isPending ? (
        <p className="bb-dx__state" role="status">
          LOADING...
        </p>
      ) : mine.isError ? (
        <p className="bb-dx__state" role="alert">
          {errorText(mine.error)}
        </p>
      ) : mine.data.length === 0 ? (
        <p className="bb-dx__state">{itemTexts.noMyListings}</p>
      ) : (
        <ul className="bb-dx__list" aria-label="My listings">
          {mine.data.map((listing) => (
            <ListingCard
              key={listing.id}
              listing={listing}
              me={me}
              nowMs={now}
              busy={actions.busy}
              action="remove"
              onRemove={actions.remove}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
