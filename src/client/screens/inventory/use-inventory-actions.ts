import { useCallback, useState } from 'react';
import type { ItemRef } from '../../../core/api/inventory';
import { coreDisplayName } from '../../../core/items';
import { fillText, itemTexts } from '../../../core/texts';
import { errorText } from '../../lib/api-error';
import { useToast } from '../../ui/toast';
import type { InventoryItem } from './inventory-model';
import { useBulkDestroy, useDestroyCore, useDestroyGear, useEquipGear, useOpenCore } from './use-inventory';

/** A core opened on this screen: shown with its outcome until the player leaves (spec §2: opened ones show their reward). */
export interface OpenedCore {
  id: number;
  name: string;
  success: boolean;
  telnetRewarded: number;
}

/** The inventory's actions with the spec's toasts (§5, §8); the screen only wires them to buttons. */
export function useInventoryActions() {
  const toast = useToast();
  const equip = useEquipGear();
  const destroyGear = useDestroyGear();
  const destroyCore = useDestroyCore();
  const bulk = useBulkDestroy();
  const openCore = useOpenCore();
  const [opened, setOpened] = useState<OpenedCore[]>([]);

  const busy =
    equip.isPending || destroyGear.isPending || destroyCore.isPending || bulk.isPending || openCore.isPending;

  const failed = useCallback(
    (title: string) => (error: unknown) => toast.show({ title, tone: 'danger', description: errorText(error) }),
    [toast],
  );

  return {
    busy,
    opened,
    setEquipped(item: InventoryItem, on: boolean) {
      if (item.kind !== 'gear') return;
      equip.mutate({ gearId: item.gear.id, equip: on }, { onError: failed(itemTexts.equipFailed) });
    },
    tooLow(level: number) {
      toast.show({
        title: itemTexts.levelTooLow,
        tone: 'danger',
        description: fillText(itemTexts.levelTooLowBody, { n: level }),
      });
    },
    destroy(item: InventoryItem) {
      if (item.kind === 'gear') destroyGear.mutate(item.gear.id, { onError: failed(itemTexts.destroyGearFailed) });
      else destroyCore.mutate(item.core.id, { onError: failed(itemTexts.destroyCoreFailed) });
    },
    destroyMany(items: ItemRef[], done: () => void) {
      bulk.mutate(items, {
        onSuccess: (result) => {
          if (result.skipped.length > 0)
            toast.show({ title: itemTexts.destroySomeFailed, tone: 'danger', description: result.message });
          else toast.show({ title: fillText(itemTexts.itemsDestroyed, { n: result.destroyed.length }), tone: 'info' });
          done();
        },
        onError: failed(itemTexts.destroySomeFailed),
      });
    },
    open(item: InventoryItem) {
      if (item.kind !== 'telnet-core') return;
      const name = coreDisplayName(item.core.coreType.name);
      openCore.mutate(item.core.id, {
        onSuccess: (result) => {
          setOpened((list) => [
            { id: item.core.id, name, success: result.success, telnetRewarded: result.telnetRewarded },
            ...list,
          ]);
          toast.show(
            result.success
              ? { title: fillText(itemTexts.coreOpenSucceeded, { n: result.telnetRewarded }), tone: 'telnet' }
              : { title: itemTexts.coreOpenFailed, tone: 'danger' },
          );
        },
        onError: failed(itemTexts.activateCoreFailed),
      });
    },
  };
}
