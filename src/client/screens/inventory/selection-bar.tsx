import type { Gear } from '../../../core/api/inventory';
import { fillText, itemTexts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { clearLabel, keysOfRarity, lowestClearableRarity, refOfKey } from './inventory-model';
import { selectedKeys, type Selection } from './selection-model';

export interface SelectionBarProps {
  selection: Selection;
  gear: readonly Gear[];
  busy: boolean;
  onSelectMany(keys: string[]): void;
  onDestroyAll(refs: ReturnType<typeof refOfKey>[]): void;
  onCancel(): void;
  /** Browsing: how to start multi-select, on the same row as CLEAR. */
  hint?: string | undefined;
}

/**
 * The multi-select controls (spec §2: 'Destroy All' or Cancel ends the mode) and the quick way out of a
 * full inventory: CLEAR {rarity} selects every unequipped, unlisted item of the lowest rarity held.
 */
export function SelectionBar({ selection, gear, busy, onSelectMany, onDestroyAll, onCancel, hint }: SelectionBarProps) {
  const lowest = lowestClearableRarity(gear);
  const clearKeys = lowest ? keysOfRarity(gear, lowest) : [];
  const keys = selectedKeys(selection);
  // Nothing to offer: no empty bar above the list.
  if (selection.mode !== 'select' && !lowest && !hint) return null;
  return (
    <div className="bb-inv__toolbar" role="group" aria-label="Selection">
      {selection.mode !== 'select' && hint ? <p className="bb-inv__hint">{hint}</p> : null}
      {selection.mode === 'select' ? (
        <>
          <span className="bb-inv__count" aria-live="polite">
            {fillText(itemTexts.selectedCount, { n: keys.length })}
          </span>
          <CommandButton
            size="small"
            variant="danger"
            disabled={busy || keys.length === 0}
            onClick={() => onDestroyAll(keys.map(refOfKey))}
          >
            {itemTexts.destroyAll}
          </CommandButton>
          <CommandButton size="small" onClick={onCancel}>
            {itemTexts.cancel}
          </CommandButton>
        </>
      ) : null}
      {lowest ? (
        <CommandButton
          size="small"
          className="bb-inv__clear"
          title={fillText(itemTexts.clearLowestHint, { n: clearKeys.length, rarity: lowest })}
          disabled={busy}
          onClick={() => onSelectMany(clearKeys)}
        >
          {clearLabel(lowest, clearKeys.length)}
        </CommandButton>
      ) : null}
    </div>
  );
}
