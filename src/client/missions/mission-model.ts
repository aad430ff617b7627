import type { Mission, MissionStatus } from '../../core/api/missions';
import { missionFeature, type MissionId } from '../../core/rules/missions';

type MissionFeature = (typeof missionFeature)[MissionId];

/** What the Mainframe's mission panel shows (spec §2). */
export interface MissionPanelView {
  /** spec §2: when every mission is finished the panel hides. */
  visible: boolean;
  done: number;
  total: number;
  /** spec §2: the completed count as 'n/total'. */
  countLabel: string;
  current: Mission | null;
}

export function missionPanelView(status: MissionStatus): MissionPanelView {
  const done = status.completedMissions.length;
  return {
    visible: status.showMissions && !status.allMissionsCompleted,
    done,
    total: status.totalMissions,
    countLabel: `${done}/${status.totalMissions}`,
    current: status.currentMission,
  };
}

/**
 * Whether to ask the server to complete a mission after its action (spec §4). Without a known status
 * the client asks anyway: the server decides, and a repeat is harmless (it pays once).
 */
export function shouldAskCompletion(status: MissionStatus | undefined, id: MissionId): boolean {
  return !status?.completedMissions.includes(id);
}

/**
 * Whether to complete clear_binary_row on the server's word that the player has decoded: only once
 * the status is known, the mission is open, the server counts at least one decode, and this screen
 * has not already asked (a refusal is logged, not retried on every keystroke).
 */
export function shouldCompleteDecodeMission(
  status: MissionStatus | undefined,
  serverDecodes: number,
  alreadyAsked: boolean,
): boolean {
  return status !== undefined && serverDecodes > 0 && !alreadyAsked && shouldAskCompletion(status, 'clear_binary_row');
}

/** The MISSION ACCOMPLISHED dialog: opens when the status is seen going from unfinished to all done. */
export interface CelebrationState {
  /** The last status seen: null before the first one. */
  lastAllCompleted: boolean | null;
  open: boolean;
}

export const initialCelebration: CelebrationState = { lastAllCompleted: null, open: false };

/**
 * A new mission status. A player who finished everything earlier does not get the dialog again at every
 * sign-in; one who finishes the last mission while signed in gets it once, on whatever screen.
 */
export function celebrationStep(state: CelebrationState, status: MissionStatus): CelebrationState {
  const all = status.allMissionsCompleted;
  const open = state.open || (state.lastAllCompleted === false && all);
  if (open === state.open && all === state.lastAllCompleted) return state;
  return { lastAllCompleted: all, open };
}

/** CONTINUE HACKING (or Escape) closes it for good. */
export function dismissCelebration(state: CelebrationState): CelebrationState {
  return state.open ? { ...state, open: false } : state;
}

/** The screen a mission is played on, from the feature it belongs to: where the strip's GO leads. The global chat is the Mainframe's. */
export function missionScreen(id: MissionId): Exclude<MissionFeature, 'chat'> {
  const feature = missionFeature[id];
  return feature === 'chat' ? 'mainframe' : feature;
}

/**
 * The toast a completion brings (ADR 063): a status with more missions done than the last one seen
 * says so, with the next briefing's title (null once every one is done). Nothing on the first status
 * of a session, nor when the count did not grow.
 */
export function completionToast(previous: MissionStatus | null, next: MissionStatus): { next: string | null } | null {
  if (!previous || next.completedMissions.length <= previous.completedMissions.length) return null;
  return { next: next.currentMission?.title ?? null };
}
