import type { CoreDrop, GearDrop } from '../../core/rules/drops';

/** The two kinds of item a player holds (spec §3): a piece of gear or a Telnet Core. */
export type ItemKind = 'gear' | 'core';
export interface ItemRef {
  kind: ItemKind;
  id: number;
}

/** What an escrow holds items for; one closed list so the escrows table can be read by purpose. */
export const escrowPurposes = ['market-listing'] as const;
export type EscrowPurpose = (typeof escrowPurposes)[number];

export interface GearItem {
  id: number;
  name: string;
  description: string;
  type: GearDrop['type'];
  rarity: GearDrop['rarity'];
  level: number;
  statValue: number;
}

export interface CoreItem {
  id: number;
  coreTypeId: number;
}

export interface AddRequest {
  userId: number;
  gear?: GearDrop[];
  cores?: CoreDrop[];
  /**
   * What to do with items past the cap: 'lose' keeps what fits in order (gear first) and counts
   * the rest as lost, as decode drops do (spec §8 'Inventory Full!'); 'refuse' adds nothing unless all fit.
   */
  onFull: 'lose' | 'refuse';
}

export type AddResult = { kind: 'added'; gear: GearItem[]; cores: CoreItem[]; lost: number } | Full;

/** Why an item could not be touched. `not-found` also covers another player's item. */
export type NotFound = { kind: 'not-found' };
export type InEscrow = { kind: 'in-escrow' };
export type Equipped = { kind: 'equipped' };
/** A core already opened (used): it is spent and can be neither moved nor opened again. */
export type Used = { kind: 'used' };
/** The receiving inventory has fewer than the needed free slots. */
export type Full = { kind: 'full'; free: number };

export type RemoveResult = { kind: 'removed' } | NotFound | InEscrow | Equipped;
export type TransferItemResult = { kind: 'transferred' } | NotFound | InEscrow | Equipped | Used | Full;
export type EscrowResult = { kind: 'escrowed'; escrowId: number } | NotFound | InEscrow | Equipped | Used;
export type ReleaseResult =
  { kind: 'released'; depositorId: number; toUserId: number; items: ItemRef[] } | NotFound | Full;
export type OpenCoreResult = { kind: 'opened'; coreTypeId: number } | NotFound | InEscrow | Used;

export interface EscrowView {
  id: number;
  depositorId: number;
  purpose: EscrowPurpose;
  reference: string;
  open: boolean;
  items: ItemRef[];
}
