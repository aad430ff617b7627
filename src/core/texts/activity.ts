import type { ActivityKind } from '../api/activity';

/** While you were away (ADR 064): the header's LOG button and its dialog. */
export const activityTexts = {
  button: 'LOG',
  buttonLabel: (unseen: number) => (unseen > 0 ? `Activity log, ${unseen} new` : 'Activity log'),
  title: 'WHILE YOU WERE AWAY',
  loading: 'Reading the logs…',
  failed: 'Log unreachable. Try again in a moment.',
  empty: 'Nothing happened to you since your last look. Quiet night on the grid.',
  close: 'CLOSE',
  kinds: {
    'item-sold': 'ITEM SOLD on the Data Exchange',
    'broken-into': 'BREAK-IN: an intruder took your Telnet',
    'drone-harvest': 'DRONE HARVEST',
    'boss-defeated': 'BOSS DEFEATED: your share of the reward',
    'mission-reward': 'MISSION REWARD',
  } satisfies Record<ActivityKind, string>,
  /** What the entry was about, after its kind: the mission, the item, who broke in. */
  detail: (kind: ActivityKind, detail: string) => (kind === 'broken-into' ? ` — by ${detail}` : ` — ${detail}`),
  telnet: (amount: number) => `${amount > 0 ? '+' : ''}${amount.toLocaleString('en-US')} TELNET`,
} as const;
