import { useRef, useState } from 'react';
import { itemTexts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { focusItem, useFocusSuccessor } from '../../ui/use-focus-successor';
import { useCores, useGear } from '../inventory/use-inventory';
import {
  priceReferenceLine,
  pricesByName,
  sellableCores,
  sellableGear,
  type SellableItem,
} from './data-exchange-model';
import { SellDialog } from './sell-dialog';
import { PriceReference } from './price-reference';
import { usePrices } from './use-market';
import type { useMarketActions } from './use-market-actions';

/** SELL ITEMS (spec §2): sell gear and sell telnet cores, each through the sell dialog. */
export function SellPanel({ actions }: { actions: ReturnType<typeof useMarketActions> }) {
  const gear = useGear();
  const cores = useCores();
  const [selling, setSelling] = useState<SellableItem | null>(null);
  const prices = pricesByName(usePrices().data);
  // After the dialog, focus goes back to the item's SELL, or to the next item's once it is listed.
  const section = useRef<HTMLDivElement>(null);
  const focus = useFocusSuccessor(section);
  const groups = [
    { title: itemTexts.sellGear, items: sellableGear(gear.data ?? []) },
    { title: itemTexts.sellCores, items: sellableCores(cores.data ?? []) },
  ];
  const loading = gear.isPending || cores.isPending;
  return (
    <div className="bb-dx__section" ref={section}>
      {loading ? (
        <p className="bb-dx__state" role="status">
          LOADING...
        </p>
      ) : null}
      {!loading && groups.every((g) => g.items.length === 0) ? (
        <p className="bb-dx__state">{itemTexts.nothingToSell}</p>
      ) : null}
      {groups.map((group) =>
        group.items.length === 0 ? null : (
          <section key={group.title} className="bb-dx__sell-group" aria-label={group.title}>
            <h3 className="bb-dx__sell-title">{group.title}</h3>
            <ul className="bb-dx__list">
              {group.items.map((item) => (
                <li
                  key={`${item.itemType}:${item.itemId}`}
                  className={`bb-dx-card bb-dx-card--${item.tone}`}
                  {...focusItem}
                >
                  <div className="bb-dx-card__info">
                    <span
                      className={`bb-dx-card__name ${item.tone === 'core' ? 'bb-dx-card__name--core' : `rarity-${item.tone}`}`}
                    >
                      {item.name}
                    </span>
                    <span className="bb-dx-card__facts">{item.facts}</span>
                    <PriceReference
                      line={priceReferenceLine(prices.get(item.name))}
                      className="bb-dx-card__reference"
                    />
                  </div>
                  <div className="bb-dx-card__deal">
                    <CommandButton
                      size="small"
                      variant="primary"
                      data-focus-slot="main"
                      disabled={actions.busy}
                      onClick={() => setSelling(item)}
                      aria-label={`Sell ${item.name}`}
                    >
                      SELL
                    </CommandButton>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ),
      )}
      <SellDialog
        item={selling}
        reference={selling ? priceReferenceLine(prices.get(selling.name)) : null}
        returnFocus={focus.restoreTarget}
        busy={actions.busy}
        onCancel={() => setSelling(null)}
        onList={(price) => {
          if (!selling) return;
          actions.list({ itemType: selling.itemType, itemId: selling.itemId, price }, () => setSelling(null));
        }}
      />
    </div>
  );
}
