import type { BitCoord } from '../../../core/rules/kernel';
import type { UrlView } from './kernel-url';
import { createValueStore, type ValueStore } from './value-store';

/** What the canvas tells the parts around it, each read only by the part that shows it. */
export interface KernelStores {
  zoom: ValueStore<number>;
  hover: ValueStore<BitCoord | null>;
  /** How many bits are painted, for the stats and the minimap. */
  claimed: ValueStore<number>;
  status: ValueStore<'loading' | 'ready' | 'failed'>;
  view: ValueStore<UrlView | null>;
}

export function createKernelStores(): KernelStores {
  return {
    zoom: createValueStore(1),
    hover: createValueStore<BitCoord | null>(null),
    claimed: createValueStore(0),
    status: createValueStore<'loading' | 'ready' | 'failed'>('loading'),
    view: createValueStore<UrlView | null>(null),
  };
}
