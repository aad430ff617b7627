/**
 * Multi-select (spec §2): a long press (or the S key) on an item starts it with that item selected;
 * taps toggle; 'Destroy All' or Cancel ends it. A reducer, so the screen only dispatches.
 */
export type Selection = { mode: 'browse' } | { mode: 'select'; selected: ReadonlySet<string> };

export type SelectionAction =
  | { kind: 'start'; key?: string }
  | { kind: 'toggle'; key: string }
  | { kind: 'select-many'; keys: readonly string[] }
  | { kind: 'end' }
  /** Items that left the inventory (destroyed, sold, refetched away) drop out of the selection. */
  | { kind: 'keep-only'; keys: ReadonlySet<string> };

export const browsing: Selection = { mode: 'browse' };

export function selectionReducer(state: Selection, action: SelectionAction): Selection {
  switch (action.kind) {
    case 'start':
      return { mode: 'select', selected: new Set(action.key ? [action.key] : []) };
    case 'toggle': {
      if (state.mode !== 'select') return state;
      const selected = new Set(state.selected);
      if (selected.has(action.key)) selected.delete(action.key);
      else selected.add(action.key);
      return { mode: 'select', selected };
    }
    case 'select-many':
      return { mode: 'select', selected: new Set(action.keys) };
    case 'end':
      return browsing;
    case 'keep-only': {
      if (state.mode !== 'select') return state;
      const selected = new Set([...state.selected].filter((k) => action.keys.has(k)));
      return selected.size === state.selected.size ? state : { mode: 'select', selected };
    }
  }
}

export function selectedKeys(state: Selection): string[] {
  return state.mode === 'select' ? [...state.selected] : [];
}
