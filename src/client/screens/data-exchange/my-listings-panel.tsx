import { itemTexts } from '../../../core/texts';
import { errorText } from '../../lib/api-error';
import { ListingCard } from './listing-card';
import { useMyListings } from './use-market';
import type { useMarketActions } from './use-market-actions';

/** MY LISTINGS: the player's active listings, each with days left and REMOVE. */
export function MyListingsPanel({ me, actions }: { me: { id: number; telnet: number }; actions: ReturnType<typeof useMarketActions> }) {
  const mine = useMyListings();
  const now = Date.now();
  if (mine.isPending) return <p className="bb-dx__state" role="status">LOADING...</p>;
  if (mine.isError) return <p className="bb-dx__state" role="alert">{errorText(mine.error)}</p>;
  if (mine.data.length === 0) return <p className="bb-dx__state">{itemTexts.noMyListings}</p>;
  return (
    <ul className="bb-dx__list" aria-label="My listings">
      {mine.data.map((listing) => (
        <ListingCard key={listing.id} listing={listing} me={me} nowMs={now} busy={actions.busy} action="remove" onRemove={actions.remove} />
      ))}
    </ul>
  );
}
