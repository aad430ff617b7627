import type { KeyboardEvent } from 'react';
import { gearStatLabel } from '../../../core/rules/gear-stats';
import { coreDisplayName, rarityWord, slotLabel } from '../../../core/items';
import { fillText, itemTexts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { focusItem } from '../../ui/use-focus-successor';
import { gearAction, isSelectable, itemKey, type InventoryItem } from './inventory-model';
import { useLongPress } from './use-long-press';

export interface ItemCardProps {
  item: InventoryItem;
  playerLevel: number;
  selecting: boolean;
  selected: boolean;
  busy: boolean;
  onStartSelect(key: string): void;
  onToggle(key: string): void;
  onEquip(item: InventoryItem, equip: boolean): void;
  onTooLow(level: number): void;
  onDestroy(item: InventoryItem): void;
  onOpen(item: InventoryItem): void;
}

function describe(item: InventoryItem): { name: string; rarity: string; meta: string; stat: string } {
  if (item.kind === 'gear') {
    const g = item.gear;
    return {
      name: g.name,
      rarity: g.rarity,
      meta: `${slotLabel[g.type]} · LV.${g.level} · ${rarityWord(g.rarity)}`,
      stat: gearStatLabel(g),
    };
  }
  return {
    name: coreDisplayName(item.core.coreType.name),
    rarity: 'core',
    meta: 'TELNET CORE',
    stat: itemTexts.readyToOpen,
  };
}

/**
 * One item (spec §2). Browsing: its actions. Multi-select: the whole card is a toggle. A long press
 * (800 ms) or the S key on the card starts multi-select with this item selected.
 */
export function ItemCard(props: ItemCardProps) {
  const { item, selecting, selected, busy } = props;
  const key = itemKey(item);
  const selectable = isSelectable(item);
  const longPress = useLongPress(() => props.onStartSelect(key), selectable && !selecting);
  const info = describe(item);
  const listed = item.kind === 'gear' ? item.gear.listingId !== null : item.core.listingId !== null;
  const equipped = item.kind === 'gear' && item.gear.isEquipped;

  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.key === 's' || e.key === 'S') && !selecting && selectable && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      props.onStartSelect(key);
    }
  };

  const body = (
    <>
      <span
        className={`bb-inv-card__name ${item.kind === 'gear' ? `rarity-${info.rarity}` : 'bb-inv-card__name--core'}`}
      >
        {info.name}
      </span>
      <span className="bb-inv-card__meta">{info.meta}</span>
      <span className={item.kind === 'gear' ? 'bb-inv-card__stat' : 'bb-inv-card__ready'}>{info.stat}</span>
      {equipped ? <span className="bb-inv-card__badge">{itemTexts.equipped}</span> : null}
      {listed ? <span className="bb-inv-card__badge bb-inv-card__badge--listed">{itemTexts.listed}</span> : null}
    </>
  );

  const classes = [
    'bb-inv-card',
    `bb-inv-card--${info.rarity}`,
    selected ? 'bb-inv-card--selected' : '',
    selecting && !selectable ? 'bb-inv-card--locked' : '',
  ]
    .filter(Boolean)
    .join(' ');

  if (selecting) {
    return (
      <li className={classes} {...longPress} {...focusItem}>
        <button
          type="button"
          className="bb-inv-card__toggle"
          aria-pressed={selected}
          disabled={!selectable}
          onClick={() => props.onToggle(key)}
        >
          <span className="bb-inv-card__check" aria-hidden="true">
            {selected ? '[x]' : '[ ]'}
          </span>
          {body}
        </button>
      </li>
    );
  }

  return (
    <li className={classes} onKeyDown={onKeyDown} {...longPress} {...focusItem}>
      <div className="bb-inv-card__info">{body}</div>
      <div className="bb-inv-card__actions">
        {item.kind === 'gear' ? <GearButton {...props} /> : null}
        {item.kind === 'telnet-core' && !listed ? (
          <CommandButton
            size="small"
            variant="primary"
            data-focus-slot="main"
            disabled={busy}
            onClick={() => props.onOpen(item)}
            aria-label={`${itemTexts.open} ${info.name}`}
          >
            {itemTexts.open}
          </CommandButton>
        ) : null}
        {selectable ? (
          <CommandButton
            size="small"
            variant="danger"
            data-focus-slot="destroy"
            disabled={busy}
            onClick={() => props.onDestroy(item)}
            aria-label={`${itemTexts.destroy} ${info.name}`}
          >
            {itemTexts.destroy}
          </CommandButton>
        ) : null}
      </div>
    </li>
  );
}

function GearButton({ item, playerLevel, busy, onEquip, onTooLow }: ItemCardProps) {
  if (item.kind !== 'gear') return null;
  const action = gearAction(item.gear, playerLevel);
  switch (action.kind) {
    case 'listed':
      return null;
    case 'unequip':
      return (
        <CommandButton
          size="small"
          data-focus-slot="main"
          disabled={busy}
          onClick={() => onEquip(item, false)}
          aria-label={`${itemTexts.unequip} ${item.gear.name}`}
        >
          {itemTexts.unequip}
        </CommandButton>
      );
    case 'too-low':
      // spec §2/§5: the button reads 'Req Lv.{n}'; pressing it explains why instead of calling the server.
      return (
        <CommandButton
          size="small"
          data-focus-slot="main"
          className="bb-inv-card__req"
          onClick={() => onTooLow(action.level)}
          aria-label={`${fillText(itemTexts.reqLevel, { n: action.level })}: ${item.gear.name}`}
        >
          {fillText(itemTexts.reqLevel, { n: action.level })}
        </CommandButton>
      );
    case 'equip':
      return (
        <CommandButton
          size="small"
          variant="primary"
          data-focus-slot="main"
          disabled={busy}
          onClick={() => onEquip(item, true)}
          aria-label={`${itemTexts.equip} ${item.gear.name}`}
        >
          {itemTexts.equip}
        </CommandButton>
      );
  }
}
