import { useRef, useState } from 'react';
import { itemTexts } from '../../../core/texts';
import { useSession } from '../../session/session-context';
import { CommandButton } from '../../ui/button';
import { Panel } from '../../ui/panel';
import { ScreenHeader } from '../../ui/screen-header';
import { Tabs } from '../../ui/tabs';
import { useFocusSuccessor } from '../../ui/use-focus-successor';
import { ConfirmDestroy } from './confirm-destroy';
import { EquipmentPanel } from './equipment-panel';
import { inventoryTabs, inventoryTitle, type InventoryItem, type InventoryTab } from './inventory-model';
import { InventoryList } from './inventory-list';
import { InventoryTabContent } from './inventory-tab-content';
import { SelectionBar } from './selection-bar';
import { useCores, useGear } from './use-inventory';
import { useInventoryActions } from './use-inventory-actions';
import { useSelection } from './use-selection';
import { useShownItems } from './use-shown-items';
import './inventory-screen.css';

const panelId = 'bb-inv-panel';

/** spec §2 Inventory: the equipment panel, the tabbed item list, multi-select and core opening. */
export function InventoryScreen() {
  const { user } = useSession();
  const gear = useGear();
  const cores = useCores();
  const actions = useInventoryActions();
  const [tab, setTab] = useState<InventoryTab>('all');
  const [confirming, setConfirming] = useState<InventoryItem | null>(null);
  const { gearList, coreList, sorted, items, sortAgain } = useShownItems(gear.data, cores.data, tab);
  const [selection, dispatch] = useSelection(sorted, confirming !== null);
  const listBox = useRef<HTMLDivElement>(null);
  const listFocus = useFocusSuccessor(listBox);

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
                <CommandButton size="small" onClick={sortAgain} title={itemTexts.sortAgainHint}>
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
              <InventoryTabContent
                loading={loading}
                failed={failed}
                error={gear.error ?? cores.error}
                onRetry={() => void Promise.all([gear.refetch(), cores.refetch()])}
              >
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
              </InventoryTabContent>
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
