import type { ReactNode } from 'react';
import type { Listing } from '../../../core/api/market';
import { errorText } from '../../lib/api-error';
import { CommandButton } from '../../ui/button';

export interface ListingListProps {
  /** The query that reads the listings: loading, failed (with RETRY) or done. */
  query: { isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; refetch(): unknown };
  listings: Listing[];
  /** What the list says when it is empty. */
  empty: string;
  label: string;
  card(listing: Listing): ReactNode;
}

/** A list of listing cards with its loading, failed and empty states, as both Data Exchange tabs show it. */
export function ListingList({ query, listings, empty, label, card }: ListingListProps) {
  if (query.isPending) {
    return (
      <p className="bb-dx__state" role="status">
        LOADING...
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="bb-dx__state" role="alert">
        <p>{errorText(query.error)}</p>
        <CommandButton size="small" onClick={() => void query.refetch()}>
          RETRY
        </CommandButton>
      </div>
    );
  }
  if (listings.length === 0) return <p className="bb-dx__state">{empty}</p>;
  return (
    <ul className="bb-dx__list" aria-label={label} aria-busy={query.isFetching}>
      {listings.map(card)}
    </ul>
  );
}
