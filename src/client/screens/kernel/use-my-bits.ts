import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { gridPaths, MyBits } from '../../../core/api/kernel';
import type { BitCoord } from '../../../core/rules/kernel';
import { useApi } from '../../lib/api-context';

export const myBitsKey = [gridPaths.mine] as const;

/** GET /api/grid/mine (ADR 066): the player's bit count and newest bits; `add` records one just bought. */
export function useMyBits() {
  const api = useApi();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: myBitsKey,
    queryFn: ({ signal }) => api.request(gridPaths.mine, { schema: MyBits, signal }),
  });
  const add = useCallback(
    (bit: BitCoord) =>
      queryClient.setQueryData<MyBits>(myBitsKey, (m) =>
        m ? { count: m.count + 1, bits: [{ x: bit.x, y: bit.y }, ...m.bits] } : { count: 1, bits: [bit] },
      ),
    [queryClient],
  );
  return { ...query, add };
}
