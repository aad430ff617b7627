import { describe, expect, it } from 'vitest';
import { balance } from '../balance';
import { featureAvailability, featureIds, type FeatureAvailability, type FeatureId } from '../features';
import { buildMissionStatus, isMissionEarned, missionIds, missionProgress, missionTexts, type MissionEvidence } from './missions';

/** The availability with only these features landed. */
const landed = (...ids: FeatureId[]): FeatureAvailability => Object.fromEntries(featureIds.map((f) => [f, ids.includes(f)])) as FeatureAvailability;
const everything = landed(...featureIds);

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
    ['purchase_kernel_bit', { totalTaps: 99, sentChat: true, sentPrivateMessage: true, attackedBlockchain: true }, false],
    ['purchase_kernel_bit', { boughtKernelBit: true }, true],
  ] as const)('%s with %o is earned: %s', (id, evidence, earned) => {
    expect(isMissionEarned(id, { ...nothing, ...evidence })).toBe(earned);
  });

  it('shows the first mission not done in spec order, whatever order they were done in', () => {
    expect(missionProgress([])).toMatchObject({ currentMission: 'clear_binary_row', completedMissions: [], totalMissions: 9 });
    const p = missionProgress(['send_private_message', 'clear_binary_row'], everything);
    expect(p.currentMission).toBe('attack_blockchain');
    expect(p.completedMissions).toEqual(['clear_binary_row', 'send_private_message']);
    expect(p.allMissionsCompleted).toBe(false);
  });

  it('is complete when all nine are done', () => {
    expect(missionProgress([...missionIds].reverse())).toMatchObject({ currentMission: null, allMissionsCompleted: true });
  });

  it.each([
    ['nothing done', 'clear_binary_row', []],
    ['decoded', 'send_global_chat', ['clear_binary_row']],
    ['decoded and chatted', 'send_private_message', ['clear_binary_row', 'send_global_chat']],
    ['pinged first', 'clear_binary_row', ['send_private_message']],
  ] as const)('skips missions of features not landed, not completing them: %s → %s', (_, expected, done) => {
    const p = missionProgress(done, landed('mainframe', 'chat', 'ping'));
    expect(p.currentMission).toBe(expected);
    expect(p.completedMissions).toEqual(missionIds.filter((id) => (done as readonly string[]).includes(id)));
  });

  it('brings a skipped mission back into the sequence when its feature lands', () => {
    const done = ['clear_binary_row', 'send_global_chat', 'send_private_message'] as const;
    expect(missionProgress(done, landed('mainframe', 'chat', 'ping'))).toMatchObject({ currentMission: null, allMissionsCompleted: false });
    expect(missionProgress(done, landed('mainframe', 'chat', 'ping', 'blockchain')).currentMission).toBe('attack_blockchain');
    expect(missionProgress(done, landed('mainframe', 'chat', 'ping', 'terminal')).currentMission).toBe('ssh_self_root');
    expect(missionProgress(done, landed('mainframe', 'chat', 'ping', 'kernel')).currentMission).toBe('purchase_kernel_bit');
  });

  it('never earns a mission while its feature is unavailable, and earns it once it lands', () => {
    const all = { totalTaps: 5, sentChat: true, sentPrivateMessage: true };
    expect(isMissionEarned('send_global_chat', all, landed('mainframe'))).toBe(false);
    expect(isMissionEarned('send_global_chat', all, landed('chat'))).toBe(true);
    expect(isMissionEarned('purchase_kernel_bit', { ...all, boughtKernelBit: true }, landed('mainframe', 'chat'))).toBe(false);
    expect(isMissionEarned('purchase_kernel_bit', { ...all, boughtKernelBit: true }, landed('kernel'))).toBe(true);
  });

  it('builds the status the panel shows: hidden while nothing can be played, the briefing of the current one otherwise', () => {
    expect(buildMissionStatus([], featureAvailability)).toEqual({
      showMissions: true,
      currentMission: { id: 'clear_binary_row', ...missionTexts.clear_binary_row },
      completedMissions: [],
      totalMissions: 9,
      allMissionsCompleted: false,
    });
    expect(buildMissionStatus(['clear_binary_row'], landed('mainframe'))).toMatchObject({ showMissions: false, currentMission: null, allMissionsCompleted: false });
    expect(buildMissionStatus(missionIds, everything)).toMatchObject({ showMissions: false, currentMission: null, allMissionsCompleted: true });
  });
});
