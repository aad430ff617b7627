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
} as const;
