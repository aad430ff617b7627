export { addItems, addItemsMany, countItems, isItemId, listItems, openCore, removeItem, transferItem } from './inventory';
export { escrowItem, findEscrow, releaseEscrow } from './escrow';
export { escrowPurposes } from './types';
export type * from './types';
