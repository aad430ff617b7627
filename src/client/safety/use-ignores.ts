import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  IgnoredPlayer,
  IgnoreList,
  ReportReceipt,
  safetyPaths,
  UnignoreResponse,
  type ReportBody,
} from '../../core/api/safety';
import { useApi } from '../lib/api-context';
import { streamKeys } from '../lib/stream-queries';

const noOne: ReadonlySet<number> = new Set();

/** The player's ignore list, held on the server (ADR 056); ignores.changed refetches it on every tab. */
export function useIgnoreList() {
  const api = useApi();
  return useQuery({
    queryKey: streamKeys.ignores,
    queryFn: () => api.get(safetyPaths.ignores, IgnoreList),
    staleTime: Infinity,
  });
}

/** The ids the player ignores: every list of another player's lines filters with it. */
export function useIgnoredIds(): ReadonlySet<number> {
  const list = useIgnoreList().data;
  return useMemo(() => (list ? new Set(list.ignored.map((p) => p.userId)) : noOne), [list]);
}

/** Filters lines by their author against the ignore list; the same array back when nothing is hidden. */
export function withoutIgnored<T>(
  lines: readonly T[],
  ignored: ReadonlySet<number>,
  authorOf: (line: T) => number,
): readonly T[] {
  return ignored.size === 0 ? lines : lines.filter((line) => !ignored.has(authorOf(line)));
}

/** Ignore and unignore, keeping the cached list and the filtered histories in step. */
export function useIgnoreActions() {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: streamKeys.ignores });
    // Server-filtered histories (chat, Ping) read again; lines shown meanwhile are filtered by the list.
    void queryClient.invalidateQueries({
      predicate: (q) => typeof q.queryKey[0] === 'string' && /^\/api\/(chat|directories)\//.test(q.queryKey[0]),
    });
  };
  const ignore = useMutation({
    mutationFn: (username: string) => api.post(safetyPaths.ignores, { username }, IgnoredPlayer),
    onSuccess: (entry) => {
      queryClient.setQueryData<IgnoreList>(streamKeys.ignores, (list) =>
        list && !list.ignored.some((p) => p.userId === entry.userId) ? { ignored: [entry, ...list.ignored] } : list,
      );
      refresh();
    },
  });
  const unignore = useMutation({
    mutationFn: (userId: number) => api.post(safetyPaths.unignore, { userId }, UnignoreResponse),
    onSuccess: (_answer, userId) => {
      queryClient.setQueryData<IgnoreList>(
        streamKeys.ignores,
        (list) => list && { ignored: list.ignored.filter((p) => p.userId !== userId) },
      );
      refresh();
    },
  });
  return { ignore, unignore };
}

/** POST /api/reports: the answer is always the same thanks. */
export function useReport() {
  const api = useApi();
  return useMutation({ mutationFn: (body: ReportBody) => api.post(safetyPaths.reports, body, ReportReceipt) });
}
