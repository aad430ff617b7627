/** Every player-visible text the spec quotes, once. Screens, server errors and tests import these. */
export const texts = {
  notFoundTitle: '404 Page Not Found',
  notFoundBody: 'Did you forget to add the page to the router?',

  // §5 validation
  loginMissingFields: 'Missing fields: Please fill in Login ID and password.',
  registerMissingFields: 'Missing fields: Please fill in all required fields.',
  passwordsDontMatch: "Passwords don't match: Please make sure your passwords match.",

  // §2 hints
  hintLoginId: 'loginId 3-20 characters (letters, numbers, !@#$%^&*()_-)',
  hintUsername: 'username 2-20 characters',
  hintPassword: 'password 8-14 characters (letters, numbers and those symbols only)',

  // §8 account
  invalidLogin: 'Invalid login ID or password',
  accountBanned: 'Account banned or blocked',
  loginFailedGeneric: 'Something went wrong. Please try again.',
  loginIdOrUsernameTaken: 'Login ID or Username already exists',
  multiAccount: 'Multi-account detected - only one account per IP allowed',
  registerFailedGeneric: 'Please check input requirements. Password: 8-14 chars, letters/numbers/symbols only.',
  logoutFailed: "Failed to logout properly, but you've been signed out locally.",

  // §8 generic
  noSecurityToken: 'Unable to get security token',
  requestEncodingFailed: 'Request encoding failed',
  responseDecodingFailed: 'Response decoding failed',

  // §8 gameplay
  inventoryFull: 'Inventory Full! Your inventory is full (50/50). Item drop was lost. Destroy some items to make space.',
  chatSendFailed: 'Failed to send message. Please try again.',
  verificationRequired: 'Verification Required: Please complete the verification first.',

  // §2 leaderboard
  noPlayersFound: 'No players found',

  // Our own server texts (the spec leaves them open)
  notSignedIn: 'Not signed in',
  csrfInvalid: 'Security token missing or invalid. Refresh and try again.',
  tooManyLoginAttempts: 'Too many login attempts. Wait a few minutes and try again.',
  tooManyRegistrations: 'Too many accounts created from this address. Wait an hour and try again.',
  tooManySocketUpgrades: 'Too many connections from this address. Wait a minute and try again.',
  tooManySockets: 'Too many open connections for this session. Close a tab and try again.',
  controlCharacters: 'Control characters (NUL, line breaks, bidi overrides) are not allowed',
  usernameInvisible: 'Invalid username: invisible, format or bidi characters and stacked marks are not allowed',
  tapRateExceeded: 'Decode rate too high. Slow down, operator.',
  secureDataMalformed: 'Malformed secureData payload',
  bodyTooLarge: 'Request body too large',
  unsupportedMediaType: 'Unsupported content type: send application/json',
  serverError: 'Internal server error',

  // §5 private chat (spec texts)
  pingMissingUsername: 'error: missing username',
  pingSelf: 'cannot initiate chat with yourself',

  // Our own texts for chat, Ping, missions and the socket (the spec leaves them open)
  messageEmpty: 'Message is empty',
  messageTooLong: 'Message too long: 500 characters at most',
  messageRateLimited: 'Too many messages: at most 5 every 10 seconds. Wait a moment, operator.',
  messageRepeated: 'Same line twice in a row. Say something new, operator.',
  pingUserNotFound: 'user not found',
  missionRequirementsNotMet: 'Mission requirements not met',
  socketOriginRefused: 'WebSocket connection from a foreign origin refused',

  // §8 terminal: an unknown command ({cmd} is the word typed); Ping's command line answers the same way
  commandNotFound: "command not found: {cmd}. type 'help' for available commands",
} as const;

export type TextKey = keyof typeof texts;
