/** The settings screen (SYSTEM → SETTINGS): account self-service. */
export const settingsTexts = {
  title: 'SETTINGS',
  tagline: 'Account access and security.',
  changePassword: 'CHANGE PASSWORD',
  currentPasswordLabel: 'CURRENT_PASSWORD',
  newPasswordLabel: 'NEW_PASSWORD',
  confirmPasswordLabel: 'CONFIRM_NEW_PASSWORD',
  submit: 'UPDATE PASSWORD',
  submitting: 'UPDATING…',
  changed: 'Password changed. Every other session of this account has been signed out.',
} as const;
