/** The mission panel and the MISSION ACCOMPLISHED dialog (spec §2, §3). Briefings are in rules/missions.ts. */
export const missionPanelTexts = {
  title: 'MISSIONS',
  show: 'MISSION',
  hide: 'HIDE',
  hidden: 'Missions hidden.',
  loading: 'Decrypting briefing…',
  unreachable: 'Briefing channel down. Retrying…',
  current: 'CURRENT MISSION',
  instructions: 'INSTRUCTIONS',
  reward: 'REWARD',
  rewardTelnet: (telnet: number) => `${telnet} TELNET`,
  accomplishedTitle: 'MISSION ACCOMPLISHED',
  accomplishedBody: 'Every briefing cleared. The network knows your handle now, operator.',
  continueHacking: 'CONTINUE HACKING',
} as const;
