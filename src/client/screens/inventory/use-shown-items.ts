import { useEffect, useMemo, useState } from 'react';
import type { Gear, TelnetCore } from '../../../core/api/inventory';
import { isInTab, itemKey, itemsForTab, keepOrder, type InventoryTab } from './inventory-model';

/**
 * The player's items in the order they saw first (ADR 065): it stays until they sort again or leave,
 * so nothing re-sorts under the pointer. `gear` and `cores` are undefined until they have loaded.
 */
export function useShownItems(
  gear: readonly Gear[] | undefined,
  cores: readonly TelnetCore[] | undefined,
  tab: InventoryTab,
) {
  const gearList = useMemo(() => gear ?? [], [gear]);
  const coreList = useMemo(() => cores ?? [], [cores]);
  const sorted = useMemo(() => itemsForTab(gearList, coreList, 'all'), [gearList, coreList]);
  const [shown, setShown] = useState<string[] | null>(null);
  const ordered = useMemo(() => keepOrder(shown, sorted), [shown, sorted]);
  const items = useMemo(() => ordered.filter((item) => isInTab(item, tab)), [ordered, tab]);

  useEffect(() => {
    if (!gear || !cores) return;
    const keys = ordered.map(itemKey);
    setShown((before) =>
      before && before.length === keys.length && before.every((k, i) => k === keys[i]) ? before : keys,
    );
  }, [ordered, gear, cores]);

  return { gearList, coreList, sorted, items, sortAgain: () => setShown(null) };
}
