import { useEffect, useReducer, useRef } from 'react';
import type { MissionStatus } from '../../core/api/missions';
import { balance } from '../../core/balance';
import { texts } from '../../core/texts';
import { formatTelnetGain } from '../lib/format-telnet';
import { useToast } from '../ui/toast';
import { MissionAccomplishedDialog } from './mission-accomplished-dialog';
import {
  celebrationStep,
  completionToast,
  dismissCelebration,
  initialCelebration,
  type CelebrationState,
} from './mission-model';
import { useMissionStatus } from './use-missions';

type Step = { kind: 'status'; status: MissionStatus } | { kind: 'dismiss' };

const reduce = (state: CelebrationState, step: Step) =>
  step.kind === 'status' ? celebrationStep(state, step.status) : dismissCelebration(state);

/**
 * Watches the mission status for the whole signed-in session (the shell mounts it): each completion
 * on any screen shows a toast naming the next briefing, and finishing the last one brings up MISSION
 * ACCOMPLISHED once (spec §2, §4).
 */
export function MissionCelebration() {
  const status = useMissionStatus().data;
  const [state, dispatch] = useReducer(reduce, initialCelebration);
  const toast = useToast();
  const previous = useRef<MissionStatus | null>(null);
  useEffect(() => {
    if (!status) return;
    dispatch({ kind: 'status', status });
    // Every completion says so, with the next briefing (ADR 063), after the answer to the action that earned it; the last one also opens the dialog.
    const completed = completionToast(previous.current, status);
    previous.current = status;
    if (completed)
      toast.showWhenFree({
        title: texts.missions.completedToast(formatTelnetGain(balance.missionRewardTelnet), completed.next),
        tone: 'telnet',
      });
  }, [status, toast]);
  return <MissionAccomplishedDialog open={state.open} onClose={() => dispatch({ kind: 'dismiss' })} />;
}
