/**
 * The console's REPORTS tab and its routes (ADR 062). Like `consoleTexts`, imported only by the console's
 * chunk and the server, never gathered into `texts`, so none of it ships in a player's bundle.
 */
export const reportQueueTexts = {
  listLabel: 'Open reports',
  empty: 'No open reports. The queue is clear.',
  loading: 'Loading the queue…',
  loadFailed: 'Could not load the queue.',
  more: 'NEXT PAGE',
  previous: 'PREVIOUS PAGE',
  help: 'j/k or ↑/↓ select · D dismiss · M mute · R remove line · C clear region · N rename · B ban',
  count: (n: number) => (n === 1 ? '1 report' : `${n} reports`),
  firstLast: (first: string, last: string) => (first === last ? `reported ${first}` : `first ${first} · last ${last}`),
  kinds: { chat: 'CHAT LINE', ping: 'PRIVATE MESSAGE', user: 'USERNAME', region: 'KERNEL REGION' },
  snapshot: {
    said: (author: string, at: string) => `${author} at ${at}`,
    pinged: (sender: string, receiver: string, at: string) => `${sender} → ${receiver} at ${at}`,
    username: 'username',
    region: (x0: number, y0: number, x1: number, y1: number) => `(${x0},${y0}) – (${x1},${y1})`,
    ownedBits: (n: number) => `${n} owned bits`,
    owner: (username: string, bits: number) => `${username}: ${bits}`,
  },
  reportedBy: 'REPORTED BY',
  reported: 'REPORTED PLAYER',
  gone: '(account gone)',
  actions: {
    dismiss: 'DISMISS',
    mute: 'MUTE',
    remove: 'REMOVE LINE',
    clear: 'CLEAR REGION',
    rename: 'RENAME',
    ban: 'BAN',
  },
  dialog: {
    title: (action: string, what: string) => `${action}: ${what}`,
    reason: 'Reason',
    minutes: 'Minutes',
    confirm: 'CONFIRM',
    cancel: 'CANCEL',
    hint: 'Enter confirms · Escape cancels',
    minutesInvalid: 'A whole number of minutes, 5 to 43200.',
  },
  resolved: (n: number, action: string) => `${n === 1 ? '1 report' : `${n} reports`} resolved: ${action}.`,
  // Server answers
  alreadyResolved: 'Nothing open for this target: it was resolved already.',
  notAboutYourself: 'Reports about yourself are for another operator to resolve.',
} as const;
