import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { DroneProcessResult, dronePaths, type DroneRewardSummary } from '../../core/api/drone';
import { useApi } from '../lib/api-context';
import { droneStatusKey, useDroneStatus } from './use-drone';
import { userQueryKey } from '../session/session-context';
import { HarvestDialog } from './harvest-dialog';

/** spec §7: the dialog shows when the run brought experience or drops. */
export function worthShowing(s: DroneRewardSummary): boolean {
  return s.experience > 0 || s.totalDrops > 0;
}

/**
 * Watches the drone for the whole signed-in session (the shell mounts it): when a run has finished
 * (drone.finished, or the status read at start after the tab was closed), it takes the harvest from
 * the server — which hands each one out once, so a second tab gets nothing — and shows the dialog.
 */
export function DroneHarvest() {
  const api = useApi();
  const queryClient = useQueryClient();
  const status = useDroneStatus().data?.status;
  const [shown, setShown] = useState<DroneRewardSummary | null>(null);
  const claiming = useRef(false);
  const harvest = useMutation({
    mutationFn: () => api.post(dronePaths.harvest, {}, DroneProcessResult),
    onSuccess: (result) => {
      if (result.success && worthShowing(result.rewardSummary)) setShown(result.rewardSummary);
    },
    onSettled: () => {
      claiming.current = false;
      // spec §7: user, drone status, gear and cores are refreshed after a harvest.
      void queryClient.invalidateQueries({ queryKey: droneStatusKey });
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['/api/gear'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/telnet-cores'] });
    },
    // spec §8: background drone check errors are only logged.
    onError: (error) => console.warn('drone harvest failed', error),
  });
  const { mutate } = harvest;

  useEffect(() => {
    if (!status?.harvestReady || claiming.current) return;
    claiming.current = true;
    mutate();
  }, [status?.harvestReady, status?.serverNow, mutate]);

  return <HarvestDialog summary={shown} onClose={() => setShown(null)} />;
}
