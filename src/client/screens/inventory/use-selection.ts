import { useEffect, useReducer } from 'react';
import { itemKey, type InventoryItem } from './inventory-model';
import { browsing, selectionReducer } from './selection-model';

/**
 * Multi-select's state (selection-model.ts) kept true to the inventory: items that left (destroyed,
 * sold, opened elsewhere) leave the selection, and Escape ends it as Cancel does (ui.md: Escape
 * closes) unless a confirmation dialog is open and takes the Escape itself.
 */
export function useSelection(held: readonly InventoryItem[], dialogOpen: boolean) {
  const [selection, dispatch] = useReducer(selectionReducer, browsing);

  useEffect(() => {
    const keys = new Set(held.map(itemKey));
    dispatch({ kind: 'keep-only', keys });
  }, [held]);

  useEffect(() => {
    if (selection.mode !== 'select') return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !dialogOpen) dispatch({ kind: 'end' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selection.mode, dialogOpen]);

  return [selection, dispatch] as const;
}
