/** The login and registration screen (spec §2) and the boot screen before it. */
export const authTexts = {
  kicker: '01001 // NEON CITY NODE 7 // 10110',
  tagline: 'Decode the mainframe. Loot the grid. Breach other operators.',
  loginPanel: 'UPLINK // AUTHENTICATE',
  registerPanel: 'UPLINK // NEW OPERATOR',
  modeTabs: 'Access mode',
  loginTab: 'LOGIN',
  registerTab: 'REGISTER',
  loginIdLabel: 'LOGIN_ID',
  usernameLabel: 'USERNAME',
  passwordLabel: 'PASSWORD',
  confirmPasswordLabel: 'CONFIRM_PASSWORD',
  connect: 'CONNECT',
  connecting: 'CONNECTING…',
  initialize: 'INITIALIZE',
  initializing: 'INITIALIZING…',
  booting: 'ESTABLISHING UPLINK…',
  /** Under the registration fields: which name other players see, and which one stays secret. */
  loginIdPrivate: 'PRIVATE — you sign in with it; no other player ever sees it.',
  usernamePublic: 'PUBLIC — your name on the leaderboard, in chat and in the Terminal.',
} as const;
