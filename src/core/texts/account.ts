/**
 * The flat account texts of `texts` (spec §2 hints, §5 validation, §8 account and generic answers,
 * the 404 screen): everything the login screen shows, in a module of its own so the login screen's
 * first load does not carry every screen's texts (ADR 040). `texts` spreads them back in, so
 * `texts.invalidLogin` works everywhere else.
 */
export const accountTexts = {
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
  currentPasswordWrong: 'Current password is incorrect.',
  logoutFailed: "Failed to logout properly, but you've been signed out locally.",

  // a moderator's rename (ADR 060)
  renameTitle: 'CHOOSE A NEW USERNAME',
  renameBody: 'A moderator retired your username. Choose a new one to play on; the old one stays reserved.',
  renameCurrent: 'Retired username:',
  renameLabel: 'NEW_USERNAME',
  renameSubmit: 'SAVE NAME',
  renameSaving: 'SAVING...',
  renameRequired: 'Choose a new username first: a moderator retired your old one.',
  renameNotPending: 'Your username is not waiting for a change.',

  // §8 generic
  noSecurityToken: 'Unable to get security token',
  requestEncodingFailed: 'Request encoding failed',
  responseDecodingFailed: 'Response decoding failed',

  // per-field messages on the auth forms
  fieldRequired: 'Required.',
  fieldLoginIdLength: 'Login ID must be 3-20 characters.',
  fieldLoginIdChars: 'Login ID may use letters, numbers and !@#$%^&*()_- only.',
  fieldUsernameLength: 'Username must be 2-20 characters.',
  fieldUsernameChars: 'Username cannot start or end with a space or contain control or invisible characters.',
  fieldPasswordLength: 'Password must be 8-14 characters (letters, numbers and !@#$%^&*()_- only).',
  fieldPasswordChars: 'Password may use letters, numbers and !@#$%^&*()_- only.',
} as const;
