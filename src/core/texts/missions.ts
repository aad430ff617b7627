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
  /** Each completion's toast (ADR 063): the reward, and the next briefing by its title. */
  completedToast: (telnet: string, next: string | null) =>
    next ? `${telnet} TELNET — next: ${next}` : `${telnet} TELNET — every briefing cleared`,
  /** The strip under the header on every screen: the current briefing and where it is played. */
  stripLabel: 'Current mission',
  stripKicker: (done: number, total: number) => `MISSIONS ${done}/${total}`,
  stripGo: 'GO',
  /** After the last briefing the panel says what to do next instead of vanishing (ADR 063). */
  nextTitle: 'WHAT NEXT',
  nextIntro: 'Briefings cleared. The grid is yours now, operator:',
  nextSteps: [
    {
      to: 'kernel',
      label: 'KERNEL',
      text: 'buy bits on the shared canvas and paint your mark before the season ends.',
    },
    {
      to: 'terminal',
      label: 'TERMINAL',
      text: "break into other operators' boxes and take part of their Telnet; guard your own Token.",
    },
    {
      to: 'blockchain',
      label: 'BLOCKCHAIN',
      text: 'crack the boss code with everyone online; the one who cracks it takes the reward.',
    },
  ],
} as const;
