import { useEffect, useState } from 'react';
import { balance } from '../../../core/balance';
import { ListingSort, ListingTypeFilter } from '../../../core/api/market';
import { rarities, slotLabel, type GearType } from '../../../core/items';
import { itemTexts } from '../../../core/texts';
import { TextField } from '../../ui/text-field';
import { withFilter, type MarketFilters } from './data-exchange-model';

const sortLabels: Record<ListingSort, string> = {
  newest: itemTexts.sortNewest,
  'price-asc': itemTexts.sortPriceAsc,
  'price-desc': itemTexts.sortPriceDesc,
};
const typeLabel = (t: ListingTypeFilter) => (t === 'telnet-core' ? 'Telnet Core' : slotLabel[t as GearType]);

/** Search, type, rarity and sort; the search is sent once the player pauses typing. */
export function MarketFilters({ filters, onChange }: { filters: MarketFilters; onChange(next: MarketFilters): void }) {
  const [q, setQ] = useState(filters.q);
  useEffect(() => {
    if (q === filters.q) return;
    const timer = window.setTimeout(() => onChange(withFilter(filters, { q })), 300);
    return () => window.clearTimeout(timer);
  }, [q, filters, onChange]);

  return (
    <form
      className="bb-dx__filters"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onChange(withFilter(filters, { q }));
      }}
    >
      <TextField
        label={itemTexts.search}
        className="bb-dx__search"
        type="search"
        value={q}
        maxLength={balance.marketSearchMaxLength}
        placeholder="item or seller"
        onChange={(e) => setQ(e.target.value)}
      />
      <label className="bb-dx__select">
        <span>{itemTexts.typeFilter}</span>
        <select
          value={filters.type}
          onChange={(e) => onChange(withFilter(filters, { type: e.target.value as MarketFilters['type'] }))}
        >
          <option value="">{itemTexts.anyType}</option>
          {ListingTypeFilter.options.map((t) => (
            <option key={t} value={t}>
              {typeLabel(t)}
            </option>
          ))}
        </select>
      </label>
      <label className="bb-dx__select">
        <span>{itemTexts.rarityFilter}</span>
        <select
          value={filters.rarity}
          onChange={(e) => onChange(withFilter(filters, { rarity: e.target.value as MarketFilters['rarity'] }))}
        >
          <option value="">{itemTexts.anyRarity}</option>
          {rarities.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      <label className="bb-dx__select">
        <span>{itemTexts.sortLabel}</span>
        <select
          value={filters.sort}
          onChange={(e) => onChange(withFilter(filters, { sort: e.target.value as ListingSort }))}
        >
          {ListingSort.options.map((s) => (
            <option key={s} value={s}>
              {sortLabels[s]}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}
