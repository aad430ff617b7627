import { describe, expect, it } from 'vitest';
import { browsing, selectedKeys, selectionReducer, type Selection } from './selection-model';

const run = (actions: Parameters<typeof selectionReducer>[1][], from: Selection = browsing) =>
  actions.reduce(selectionReducer, from);

describe('multi-select (spec §2)', () => {
  it('starts with the long-pressed item selected, toggles on taps, and ends', () => {
    const started = run([{ kind: 'start', key: 'gear:1' }]);
    expect(selectedKeys(started)).toEqual(['gear:1']);
    const toggled = run(
      [
        { kind: 'toggle', key: 'gear:2' },
        { kind: 'toggle', key: 'gear:1' },
      ],
      started,
    );
    expect(selectedKeys(toggled)).toEqual(['gear:2']);
    expect(run([{ kind: 'end' }], toggled)).toBe(browsing);
  });

  it('ignores taps while browsing', () => {
    expect(run([{ kind: 'toggle', key: 'gear:1' }])).toBe(browsing);
  });

  it('selects a batch (clear lowest rarity) and drops items that left the inventory', () => {
    const batch = run([{ kind: 'select-many', keys: ['gear:1', 'gear:2', 'gear:3'] }]);
    const kept = selectionReducer(batch, { kind: 'keep-only', keys: new Set(['gear:1', 'gear:3']) });
    expect(selectedKeys(kept).sort()).toEqual(['gear:1', 'gear:3']);
    expect(selectionReducer(kept, { kind: 'keep-only', keys: new Set(['gear:1', 'gear:3']) })).toBe(kept);
  });
});
