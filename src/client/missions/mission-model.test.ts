import { describe, expect, it } from 'vitest';
import type { MissionStatus } from '../../core/api/missions';
import { buildMissionStatus, missionIds, type MissionId } from '../../core/rules/missions';
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

/** A status as the server builds it, from the missions done. */
const statusOf = (done: MissionId[]): MissionStatus => buildMissionStatus(done);

const allDone = statusOf([...missionIds]);

describe('mission panel view (spec §2)', () => {
  it("counts 'n/total' and shows the first mission not done, in spec order", () => {
    const view = missionPanelView(statusOf(['send_global_chat']));
    expect(view).toMatchObject({ visible: true, done: 1, total: 9, countLabel: '1/9' });
    expect(view.current?.id).toBe('clear_binary_row');
    expect(missionPanelView(statusOf(['clear_binary_row', 'send_global_chat'])).current?.id).toBe('attack_blockchain');
  });

  it('walks every mission in spec order, then hides', () => {
    const done: MissionId[] = [];
    for (let view = missionPanelView(statusOf(done)); view.current; view = missionPanelView(statusOf(done)))
      done.push(view.current.id);
    expect(done).toEqual([...missionIds]);
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
  const run = (statuses: MissionStatus[], from: CelebrationState = initialCelebration) =>
    statuses.reduce(celebrationStep, from);

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
    expect(missionIds.map(missionScreen)).toEqual([
      'mainframe',
      'blockchain',
      'mainframe',
      'ping',
      'terminal',
      'terminal',
      'terminal',
      'terminal',
      'kernel',
    ]);
  });
});
