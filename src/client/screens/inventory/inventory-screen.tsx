import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { itemTexts } from '../../../core/texts';
import { errorText } from '../../lib/api-error';
import { useSession } from '../../session/session-context';
import { CommandButton } from '../../ui/button';
import { Panel } from '../../ui/panel';
import { ScreenHeader } from '../../ui/screen-header';
import { Tabs } from '../../ui/tabs';
import { useFocusSuccessor } from '../../ui/use-focus-successor';
import { ConfirmDestroy } from './confirm-destroy';
import { EquipmentPanel } from './equipment-panel';
import {
  inventoryTabs,
  inventoryTitle,
  isInTab,
  itemKey,
  itemsForTab,
  keepOrder,
  type InventoryItem,
  type InventoryTab,
} from './inventory-model';
import { InventoryList } from './inventory-list';
import { SelectionBar } from './selection-bar';
import { browsing, selectionReducer } from './selection-model';
import { useCores, useGear } from './use-inventory';
import { useInventoryActions } from './use-inventory-actions';
import './inventory-screen.css';

const panelId = 'bb-inv-panel';

/** spec §2 Inventory: the equipment panel, the tabbed item list, multi-select and core opening. */
export function InventoryScreen() {
  const { user } = useSession();
  const gear = useGear();
  const cores = useCores();
  const actions = useInventoryActions();
  const [tab, setTab] = useState<InventoryTab>('all');
  const [selection, dispatch] = useReducer(selectionReducer, browsing);
  const [confirming, setConfirming] = useState<InventoryItem | null>(null);

  const gearList = useMemo(() => gear.data ?? [], [gear.data]);
  const coreList = useMemo(() => cores.data ?? [], [cores.data]);
  const sorted = useMemo(() => itemsForTab(gearList, coreList, 'all'), [gearList, coreList]);
  // The order the player saw first stays until they sort again or leave (no re-sort under the pointer).
  const [shown, setShown] = useState<string[] | null>(null);
  const ordered = useMemo(() => keepOrder(shown, sorted), [shown, sorted]);
  const items = useMemo(() => ordered.filter((item) => isInTab(item, tab)), [ordered, tab]);
  const listBox = useRef<HTMLDivElement>(null);
  const listFocus = useFocusSuccessor(listBox);

  useEffect(() => {
    if (!gear.data || !cores.data) return;
    const keys = ordered.map(itemKey);
    setShown((before) =>
      before && before.length === keys.length && before.every((k, i) => k === keys[i]) ? before : keys,
    );
  }, [ordered, gear.data, cores.data]);

  // Items that left (destroyed, sold, opened elsewhere) leave the selection too.
  useEffect(() => {
    const held = new Set(sorted.map(itemKey));
    dispatch({ kind: 'keep-only', keys: held });
  }, [sorted]);

  // Escape ends multi-select, as Cancel does (ui.md: Escape closes).
  useEffect(() => {
    if (selection.mode !== 'select') return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !confirming) dispatch({ kind: 'end' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selection.mode, confirming]);

  const loading = gear.isPending || cores.isPending;
  const failed = gear.isError || cores.isError;

  return (
    <div className="bb-inv">
      <ScreenHeader title="INVENTORY" tagline="gear, cores and what they do for you" />
      <div className="bb-inv__grid">
        <EquipmentPanel
          gear={gearList}
          busy={actions.busy}
          onUnequip={(g) => actions.setEquipped({ kind: 'gear', gear: g }, false)}
        />
        <Panel
          title={inventoryTitle(gearList, coreList)}
          className="bb-inv__list-panel"
          actions={
            selection.mode === 'browse' ? (
              <>
                <CommandButton size="small" onClick={() => setShown(null)} title={itemTexts.sortAgainHint}>
                  {itemTexts.sortAgain}
                </CommandButton>
                <CommandButton size="small" onClick={() => dispatch({ kind: 'start' })} disabled={loading || failed}>
                  {itemTexts.selectMode}
                </CommandButton>
              </>
            ) : null
          }
        >
          <Tabs<InventoryTab>
            label="Item types"
            items={inventoryTabs.map((t) => ({ key: t.key, label: t.label, panelId }))}
            selected={tab}
            onSelect={setTab}
            idPrefix="bb-inv"
          />
          <div ref={listBox} className="bb-inv__listbox">
            <SelectionBar
              selection={selection}
              gear={gearList}
              busy={actions.busy}
              onSelectMany={(keys) => dispatch({ kind: 'select-many', keys })}
              onDestroyAll={(refs) => actions.destroyMany(refs, () => dispatch({ kind: 'end' }))}
              onCancel={() => dispatch({ kind: 'end' })}
              hint={!loading && !failed && items.length > 0 ? itemTexts.multiSelectHint : undefined}
            />
            <div id={panelId} role="tabpanel" aria-labelledby={`bb-inv-tab-${tab}`} className="bb-inv__tabpanel">
              {loading ? (
                <p className="bb-inv__state" role="status">
                  LOADING...
                </p>
              ) : failed ? (
                <div className="bb-inv__state" role="alert">
                  <p>{errorText(gear.error ?? cores.error)}</p>
                  <CommandButton size="small" onClick={() => void Promise.all([gear.refetch(), cores.refetch()])}>
                    RETRY
                  </CommandButton>
                </div>
              ) : (
                <InventoryList
                  tab={tab}
                  items={items}
                  heldCount={gearList.length + coreList.length}
                  opened={tab === 'all' || tab === 'cores' ? actions.opened : []}
                  playerLevel={user?.level ?? 1}
                  selection={selection}
                  busy={actions.busy}
                  onStartSelect={(key) => dispatch({ kind: 'start', key })}
                  onToggle={(key) => dispatch({ kind: 'toggle', key })}
                  onEquip={actions.setEquipped}
                  onTooLow={actions.tooLow}
                  onDestroy={setConfirming}
                  onOpen={actions.open}
                />
              )}
            </div>
          </div>
        </Panel>
      </div>
      <ConfirmDestroy
        item={confirming}
        returnFocus={listFocus.restoreTarget}
        onCancel={() => setConfirming(null)}
        onConfirm={(item) => {
          setConfirming(null);
          actions.destroy(item);
        }}
      />
    </div>
  );
}
