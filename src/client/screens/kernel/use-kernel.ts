import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BitInfo,
  gridPaths,
  PlayerColor,
  PurchaseResult,
  SetColorResult,
  type PurchaseBody,
  type SetColorBody,
} from '../../../core/api/kernel';
import type { BitCoord } from '../../../core/rules/kernel';
import { newIdempotencyKey } from '../../lib/api';
import { useApi } from '../../lib/api-context';

export const playerColorKey = [gridPaths.playerColor] as const;
export const bitKey = (bit: BitCoord) => [gridPaths.bit, bit.x, bit.y] as const;
export const bitPath = (bit: BitCoord) => `${gridPaths.bit}?x=${bit.x}&y=${bit.y}`;

/** GET /api/grid/player-color: null channels until the player picks a colour. */
export function usePlayerColor() {
  const api = useApi();
  return useQuery({
    queryKey: playerColorKey,
    queryFn: ({ signal }) => api.request(gridPaths.playerColor, { schema: PlayerColor, signal }),
  });
}

/**
 * The hovered bit's price and owner: one small request per bit, cached. An owned
 * bit never changes hands, so its answer stays good; a free one is refreshed by grid_update.
 */
export function useBitInfo(bit: BitCoord | null) {
  const api = useApi();
  return useQuery({
    queryKey: bit ? bitKey(bit) : ['grid-bit-none'],
    queryFn: ({ signal }) => api.request(bitPath(bit!), { schema: BitInfo, signal }),
    enabled: bit !== null,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}

export function useSetColor() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetColorBody) => api.post(gridPaths.setColor, body, SetColorResult),
    onSuccess: (r) =>
      queryClient.setQueryData(playerColorKey, { colorR: r.colorR, colorG: r.colorG, colorB: r.colorB }),
  });
}

/** POST /api/grid/purchase with one Idempotency-Key per confirmation; a refusal is a 409 PurchaseRefusal (kernel-toasts). */
export function usePurchase() {
  const api = useApi();
  return useMutation({
    mutationFn: (bit: BitCoord) => {
      const body: PurchaseBody = { x: bit.x, y: bit.y };
      return api.post(gridPaths.purchase, body, PurchaseResult, { idempotencyKey: newIdempotencyKey() });
    },
  });
}
