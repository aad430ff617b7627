import { useEffect, useReducer } from 'react';
import type { MissionStatus } from '../../core/api/missions';
import { MissionAccomplishedDialog } from './mission-accomplished-dialog';
import { celebrationStep, dismissCelebration, initialCelebration, type CelebrationState } from './mission-model';
import { useMissionStatus } from './use-missions';

type Step = { kind: 'status'; status: MissionStatus } | { kind: 'dismiss' };

const reduce = (state: CelebrationState, step: Step) =>
  step.kind === 'status' ? celebrationStep(state, step.status) : dismissCelebration(state);

/**
 * Watches the mission status for the whole signed-in session (the shell mounts it), so finishing the
 * last mission on any screen brings up MISSION ACCOMPLISHED once (spec §2, §4).
 */
export function MissionCelebration() {
  const status = useMissionStatus().data;
  const [state, dispatch] = useReducer(reduce, initialCelebration);
  useEffect(() => {
    if (status) dispatch({ kind: 'status', status });
  }, [status]);
  return <MissionAccomplishedDialog open={state.open} onClose={() => dispatch({ kind: 'dismiss' })} />;
}
