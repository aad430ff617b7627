import { useRef } from 'react';
import type { Gear } from '../../../core/api/inventory';
import { dropRatePercent, effectiveStats, gearStatLabel } from '../../../core/rules/gear-stats';
import { gearTypes, rarityWord, slotLabel } from '../../../core/items';
import { itemTexts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { Panel } from '../../ui/panel';
import { focusItem, useFocusSuccessor } from '../../ui/use-focus-successor';
import { emptySlotText, equippedSlots } from './inventory-model';

const noStats = { attack: 0, criticalRate: 0, bonusCriticalHit: 0, itemDropRate: 0 };

/** spec §2 equipment panel: one slot per gear type with the equipped item or NO_{TYPE}_EQUIPPED, and unequip. */
export function EquipmentPanel({
  gear,
  busy,
  onUnequip,
}: {
  gear: readonly Gear[];
  busy: boolean;
  onUnequip(gear: Gear): void;
}) {
  const slots = equippedSlots(gear);
  const equipped = gearTypes.flatMap((t) => (slots[t] ? [slots[t]] : []));
  const bonus = effectiveStats(noStats, equipped);
  // UNEQUIP empties its slot and the button goes: focus stays on that slot.
  const slotList = useRef<HTMLUListElement>(null);
  useFocusSuccessor(slotList);
  return (
    <Panel title={itemTexts.equipmentTitle} tone="accent" className="bb-inv__equipment">
      <ul className="bb-inv__slots" ref={slotList}>
        {gearTypes.map((type) => {
          const item = slots[type];
          return (
            <li key={type} className={`bb-inv-slot${item ? '' : ' bb-inv-slot--empty'}`} {...focusItem}>
              <span className="bb-inv-slot__label">{slotLabel[type]}</span>
              {item ? (
                <>
                  <span className={`bb-inv-slot__name rarity-${item.rarity}`}>{item.name}</span>
                  <span className="bb-inv-slot__stat">
                    LV.{item.level} · {rarityWord(item.rarity)} · {gearStatLabel(item)}
                  </span>
                  <CommandButton
                    size="small"
                    className="bb-inv-slot__action"
                    disabled={busy}
                    onClick={() => onUnequip(item)}
                    aria-label={`${itemTexts.unequip} ${item.name}`}
                  >
                    {itemTexts.unequip}
                  </CommandButton>
                </>
              ) : (
                <span className="bb-inv-slot__none">{emptySlotText(type)}</span>
              )}
            </li>
          );
        })}
      </ul>
      <p className="bb-inv__bonus" aria-label="Bonus from equipped gear">
        <span>GEAR BONUS</span> +{bonus.attack} ATK · +{bonus.criticalRate}% CRIT · +{bonus.bonusCriticalHit}% BONUS
        CRIT · +{dropRatePercent(bonus.itemDropRate)}% DROP
      </p>
    </Panel>
  );
}
