import { describe, expect, it } from 'vitest';
import type { MissionStatus } from '../../core/api/missions';
import { featureAvailability, featureIds, type FeatureAvailability } from '../../core/features';
import { buildMissionStatus, isMissionAvailable, missionIds, type MissionId } from '../../core/rules/missions';
import {
  celebrationStep,
  completionToast,
  dismissCelebration,
  initialCelebration,
  missionPanelView,
  missionScreen,
  shouldAskCompletion,
  shouldCompleteDecodeMission,
  type CelebrationState,
} from './mission-model';

/** Every feature landed: the sequence once the whole game is built. */
const everything = Object.fromEntries(featureIds.map((f) => [f, true])) as FeatureAvailability;

/** A status as the server builds it, from the missions done (with the whole game built unless told). */
const statusOf = (done: MissionId[], availability: FeatureAvailability = everything): MissionStatus => buildMissionStatus(done, availability);

const allDone = statusOf([...missionIds]);

describe('mission panel view (spec §2)', () => {
  it("counts 'n/total' and shows the first mission not done, in spec order", () => {
    const view = missionPanelView(statusOf(['send_global_chat']));
    expect(view).toMatchObject({ visible: true, done: 1, total: 9, countLabel: '1/9' });
    expect(view.current?.id).toBe('clear_binary_row');
    expect(missionPanelView(statusOf(['clear_binary_row', 'send_global_chat'])).current?.id).toBe('attack_blockchain');
  });

  it('skips the missions of features not built yet, in spec order, then hides', () => {
    // A game where only the Mainframe, chat and Ping have landed.
    const early = { ...Object.fromEntries(featureIds.map((f) => [f, false])), mainframe: true, chat: true, ping: true } as FeatureAvailability;
    const walk = (availability: FeatureAvailability) => {
      const done: MissionId[] = [];
      for (let view = missionPanelView(buildMissionStatus(done, availability)); view.current; view = missionPanelView(buildMissionStatus(done, availability))) {
        done.push(view.current.id);
      }
      return { done, last: missionPanelView(buildMissionStatus(done, availability)) };
    };
    const earlyWalk = walk(early);
    expect(earlyWalk.done).toEqual(['clear_binary_row', 'send_global_chat', 'send_private_message']);
    expect(earlyWalk.last).toMatchObject({ visible: false, countLabel: '3/9', current: null });
    // Today's game: every mission whose feature is available, in spec order, then the panel hides.
    const today = walk(featureAvailability);
    expect(today.done).toEqual(missionIds.filter((id) => isMissionAvailable(id)));
    expect(today.last.current).toBeNull();
    expect(walk(everything).done).toEqual([...missionIds]);
  });

  it('hides when every mission is done', () => {
    expect(missionPanelView(allDone)).toMatchObject({ visible: false, countLabel: '9/9', current: null });
  });
});

describe('asking the server to complete a mission', () => {
  it('asks unless the status already lists the mission as done', () => {
    expect(shouldAskCompletion(undefined, 'send_global_chat')).toBe(true);
    expect(shouldAskCompletion(statusOf([]), 'send_global_chat')).toBe(true);
    expect(shouldAskCompletion(statusOf(['send_global_chat']), 'send_global_chat')).toBe(false);
  });

  it.each([
    ['status unknown', undefined, 3, false, false],
    ['no decode counted yet', statusOf([]), 0, false, false],
    ['decoded, mission open', statusOf([]), 1, false, true],
    ['already asked on this screen', statusOf([]), 1, true, false],
    ['already done', statusOf(['clear_binary_row']), 5, false, false],
  ] as const)('clear_binary_row: %s', (_, status, decodes, asked, expected) => {
    expect(shouldCompleteDecodeMission(status, decodes, asked)).toBe(expected);
  });
});

describe('the MISSION ACCOMPLISHED dialog', () => {
  const run = (statuses: MissionStatus[], from: CelebrationState = initialCelebration) => statuses.reduce(celebrationStep, from);

  it('opens when the status goes from unfinished to all done', () => {
    expect(run([statusOf(missionIds.slice(0, -1)), allDone]).open).toBe(true);
  });

  it('does not open for a player who had finished everything before this sign-in', () => {
    expect(run([allDone, allDone]).open).toBe(false);
  });

  it('stays closed while missions remain, and once dismissed stays closed', () => {
    expect(run([statusOf([]), statusOf(['send_global_chat'])]).open).toBe(false);
    const dismissed = dismissCelebration(run([statusOf([]), allDone]));
    expect(dismissed.open).toBe(false);
    expect(run([allDone, allDone], dismissed).open).toBe(false);
  });

  it('answers the same state when nothing changes (no re-render)', () => {
    const state = run([statusOf([])]);
    expect(celebrationStep(state, statusOf(['send_global_chat']))).toBe(state);
    expect(dismissCelebration(state)).toBe(state);
  });
});

describe('each completion says so (ADR 063)', () => {
  it('names the next briefing when the count grows, and nothing on the first status or a repeat', () => {
    const before = statusOf(['clear_binary_row', 'attack_blockchain', 'send_global_chat']);
    const after = statusOf(['clear_binary_row', 'attack_blockchain', 'send_global_chat', 'send_private_message']);
    expect(completionToast(null, after)).toBeNull();
    expect(completionToast(before, before)).toBeNull();
    expect(completionToast(before, after)).toEqual({ next: after.currentMission!.title });
    expect(after.currentMission!.id).toBe('ssh_self_root');
  });

  it('says every briefing is cleared after the last one', () => {
    const oneLeft = statusOf(missionIds.filter((id) => id !== 'purchase_kernel_bit'));
    expect(completionToast(oneLeft, allDone)).toEqual({ next: null });
  });

  it('sends every mission to the screen it is played on', () => {
    expect(missionIds.map(missionScreen)).toEqual(['mainframe', 'blockchain', 'mainframe', 'ping', 'terminal', 'terminal', 'terminal', 'terminal', 'kernel']);
  });
});
