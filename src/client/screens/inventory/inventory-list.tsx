import { fillText, itemTexts } from '../../../core/texts';
import { emptyText, itemKey, type InventoryItem, type InventoryTab } from './inventory-model';
import { ItemCard, type ItemCardProps } from './item-card';
import type { Selection } from './selection-model';
import type { OpenedCore } from './use-inventory-actions';
import { formatTelnet } from '../../lib/format-telnet';

type CardHandlers = Pick<ItemCardProps, 'onStartSelect' | 'onToggle' | 'onEquip' | 'onTooLow' | 'onDestroy' | 'onOpen'>;

export interface InventoryListProps extends CardHandlers {
  tab: InventoryTab;
  items: readonly InventoryItem[];
  heldCount: number;
  opened: readonly OpenedCore[];
  playerLevel: number;
  selection: Selection;
  busy: boolean;
}

/** The items of a tab, the cores opened on this visit, or the spec's empty state. */
export function InventoryList({
  tab,
  items,
  heldCount,
  opened,
  playerLevel,
  selection,
  busy,
  ...handlers
}: InventoryListProps) {
  if (items.length === 0 && opened.length === 0) {
    return <p className="bb-inv__state">{emptyText(tab, heldCount)}</p>;
  }
  const selecting = selection.mode === 'select';
  return (
    <>
      <ul className="bb-inv__items" aria-label="Items">
        {items.map((item) => {
          const key = itemKey(item);
          return (
            <ItemCard
              key={key}
              item={item}
              playerLevel={playerLevel}
              selecting={selecting}
              selected={selecting && selection.selected.has(key)}
              busy={busy}
              {...handlers}
            />
          );
        })}
        {opened.map((core) => (
          <li key={`opened:${core.id}`} className="bb-inv-card bb-inv-card--opened">
            <div className="bb-inv-card__info">
              <span className="bb-inv-card__name bb-inv-card__name--core">{core.name}</span>
              <span className="bb-inv-card__meta">TELNET CORE</span>
              <span className={core.success ? 'bb-inv-card__reward' : 'bb-inv-card__burnt'}>
                {core.success
                  ? fillText(itemTexts.opened, { n: formatTelnet(core.telnetRewarded) })
                  : itemTexts.openFailedShort}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
