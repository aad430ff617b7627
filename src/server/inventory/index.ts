export {
  addItems,
  addItemsMany,
  countItems,
  destroyAllItemsOf,
  listItems,
  openCore,
  removeItem,
  transferItem,
} from './inventory';
export { isItemId } from './held-item';
export { equippedGear, setEquipped } from './equip';
export type { EquipResult } from './equip';
export { escrowItem, findEscrow, releaseEscrow } from './escrow';
export { escrowPurposes } from './types';
export type * from './types';
