import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { CompleteMissionResponse, type MissionStatus } from '../../core/api/missions';
import { infra } from '../../core/infra';
import type { MissionId } from '../../core/rules/missions';
import { useApi } from '../lib/api-context';
import { usePollInterval, useSocketStatus } from '../lib/socket/socket-provider';
import { missionStatusQuery, streamKeys } from '../lib/stream-queries';
import { userQueryKey } from '../session/session-context';
import { shouldAskCompletion } from './mission-model';

/** GET /api/missions/status (spec §7): pushed by missions.statusChanged, polled every 5 s only while the socket is down. */
export function useMissionStatus(enabled = true): UseQueryResult<MissionStatus> {
  const api = useApi();
  const poll = usePollInterval(infra.missionsPollMs);
  return useQuery({ ...missionStatusQuery(api), enabled, refetchInterval: poll });
}

/**
 * Asks the server to complete a mission after the player did its action (spec §4): POST
 * /api/missions/complete, then the status is refreshed. The server decides; a failure is only logged
 * (spec §8). Concurrent asks for one mission from this caller are sent once.
 */
export function useCompleteMission(): (missionId: MissionId) => void {
  const api = useApi();
  const queryClient = useQueryClient();
  const socketUp = useSocketStatus() === 'up';
  const socketUpRef = useRef(socketUp);
  socketUpRef.current = socketUp;
  const inFlight = useRef(new Set<MissionId>());

  return useCallback(
    (missionId: MissionId) => {
      const status = queryClient.getQueryData<MissionStatus>(streamKeys.missionStatus);
      if (!shouldAskCompletion(status, missionId) || inFlight.current.has(missionId)) return;
      inFlight.current.add(missionId);
      api
        .post('/api/missions/complete', { missionId }, CompleteMissionResponse)
        .then((answer) => {
          void queryClient.invalidateQueries({ queryKey: streamKeys.missionStatus });
          // With the socket up, user.updated brings the reward; without it, the user is fetched now.
          if (answer.rewardTelnet > 0 && !socketUpRef.current)
            void queryClient.invalidateQueries({ queryKey: userQueryKey });
        })
        .catch((error: unknown) => console.warn(`mission ${missionId} not completed`, error))
        .finally(() => inFlight.current.delete(missionId));
    },
    [api, queryClient],
  );
}
