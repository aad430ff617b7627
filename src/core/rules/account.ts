import { z } from 'zod';

// spec §2 hints and §5 limits: loginId 3-20 of letters, numbers and !@#$%^&*()_-;
// username 2-20; password 8-14 of letters, numbers and those symbols only.
export const loginIdPattern = /^[A-Za-z0-9!@#$%^&*()_-]{3,20}$/;
export const passwordPattern = /^[A-Za-z0-9!@#$%^&*()_-]{8,14}$/;
/** Usernames: 2-20 printable characters without control characters or surrounding spaces. */
export const usernamePattern = /^[^\p{C}\s][^\p{C}]{0,18}[^\p{C}\s]$/u;

export const limits = { loginIdMax: 20, usernameMax: 20, passwordMax: 14 } as const;

export const LoginId = z.string().regex(loginIdPattern);
export const Username = z.string().regex(usernamePattern);
export const Password = z.string().regex(passwordPattern);

/** Client-side check of the registration form (spec §5), in the spec's order. Returns a text key or null. */
export function checkRegistrationForm(f: {
  loginId: string;
  username: string;
  password: string;
  confirmPassword: string;
}): 'registerMissingFields' | 'passwordsDontMatch' | null {
  if (!f.loginId || !f.username || !f.password) return 'registerMissingFields';
  if (f.password !== f.confirmPassword) return 'passwordsDontMatch';
  return null;
}
