import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consolePaths } from '../../../core/api/admin';
import { reportQueuePaths, ReportQueuePage, ReportsResolved } from '../../../core/api/report-queue';
import type { ReportQueueItem } from '../../../core/api/safety';
import { useApi } from '../../lib/api-context';
import { actionRequest, queueActionAnswer, resolveBody, type QueueAction } from './reports-model';

/** One page of the open reports queue. */
export function useReportQueue(page: number) {
  const api = useApi();
  return useQuery({
    queryKey: [reportQueuePaths.queue, page],
    queryFn: ({ signal }) => api.request(`${reportQueuePaths.queue}?page=${page}`, { schema: ReportQueuePage, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface QueueActionRequest {
  action: QueueAction;
  item: ReportQueueItem;
  reason: string;
  minutes: number | null;
}

/**
 * Takes the action through its own console route, then resolves the target's reports recording it: a
 * refused action (a 403 for an admin, say) resolves nothing. The queue and the audit log are refetched.
 */
export function useQueueAction() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, item, reason, minutes }: QueueActionRequest) => {
      const call = actionRequest(action, item, reason, minutes);
      if (call && action !== 'dismiss') await api.post(call.path, call.body, queueActionAnswer(action));
      return api.post(reportQueuePaths.resolve, resolveBody(action, item, reason), ReportsResolved);
    },
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: [reportQueuePaths.queue] }),
        client.invalidateQueries({ queryKey: [consolePaths.audit] }),
      ]);
    },
  });
}
