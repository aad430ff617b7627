import { describe, expect, it } from 'vitest';
import { balance } from '../balance';
import {
  buildMissionStatus,
  isMissionEarned,
  missionIds,
  missionProgress,
  missionTexts,
  type MissionEvidence,
} from './missions';

const nothing: MissionEvidence = { totalTaps: 0, sentChat: false, sentPrivateMessage: false };

describe('missions', () => {
  it("keeps the spec's eight ids in its order (§3), then the Kernel's mission", () => {
    expect(missionIds).toEqual([
      'clear_binary_row',
      'attack_blockchain',
      'send_global_chat',
      'send_private_message',
      'ssh_self_root',
      'create_directory',
      'move_token',
      'hack_developer_token',
      'purchase_kernel_bit',
    ]);
  });

  it('counts them in balance.missionCount, which the guide quotes', () => {
    expect(balance.missionCount).toBe(missionIds.length);
  });

  it('gives every mission a title, a description and instructions', () => {
    for (const id of missionIds) {
      const text = missionTexts[id];
      expect(text.title.length, id).toBeGreaterThan(0);
      expect(text.description.length, id).toBeGreaterThan(0);
      expect(text.instructions.length, id).toBeGreaterThan(0);
    }
  });

  it.each([
    ['clear_binary_row', { totalTaps: 1 }, true],
    ['clear_binary_row', {}, false],
    ['send_global_chat', { sentChat: true }, true],
    ['send_global_chat', { sentPrivateMessage: true }, false],
    ['send_private_message', { sentPrivateMessage: true }, true],
    ['send_private_message', { sentChat: true }, false],
    ['attack_blockchain', { totalTaps: 99, sentChat: true, sentPrivateMessage: true }, false],
    ['attack_blockchain', { attackedBlockchain: true }, true],
    ['hack_developer_token', { totalTaps: 99, sentChat: true, sentPrivateMessage: true }, false],
    [
      'purchase_kernel_bit',
      { totalTaps: 99, sentChat: true, sentPrivateMessage: true, attackedBlockchain: true },
      false,
    ],
    ['purchase_kernel_bit', { boughtKernelBit: true }, true],
  ] as const)('%s with %o is earned: %s', (id, evidence, earned) => {
    expect(isMissionEarned(id, { ...nothing, ...evidence })).toBe(earned);
  });

  it('shows the first mission not done in spec order, whatever order they were done in', () => {
    expect(missionProgress([])).toMatchObject({
      currentMission: 'clear_binary_row',
      completedMissions: [],
      totalMissions: 9,
    });
    const p = missionProgress(['send_private_message', 'clear_binary_row']);
    expect(p.currentMission).toBe('attack_blockchain');
    expect(p.completedMissions).toEqual(['clear_binary_row', 'send_private_message']);
    expect(p.allMissionsCompleted).toBe(false);
  });

  it('is complete when all nine are done', () => {
    expect(missionProgress([...missionIds].reverse())).toMatchObject({
      currentMission: null,
      allMissionsCompleted: true,
    });
  });

  it('builds the status the panel shows: the briefing of the current one, hidden once all are done', () => {
    expect(buildMissionStatus([])).toEqual({
      showMissions: true,
      currentMission: { id: 'clear_binary_row', ...missionTexts.clear_binary_row },
      completedMissions: [],
      totalMissions: 9,
      allMissionsCompleted: false,
    });
    expect(buildMissionStatus(['clear_binary_row'])).toMatchObject({
      showMissions: true,
      currentMission: { id: 'attack_blockchain' },
    });
    expect(buildMissionStatus(missionIds)).toMatchObject({
      showMissions: false,
      currentMission: null,
      allMissionsCompleted: true,
    });
  });
});
