import { z } from 'zod';
import { limits } from '../rules/account';
import { PlainText } from './common';

/** The account self-service routes (settings screen). */
export const accountPaths = {
  password: '/api/account/password',
  /** A renamed player's new username (ADR 060). */
  username: '/api/account/username',
} as const;

/** The new name after a moderator's rename: the registration's username rules apply in the service. */
export const ChooseUsernameBody = z.strictObject({ username: PlainText.max(limits.usernameMax) });
export type ChooseUsernameBody = z.infer<typeof ChooseUsernameBody>;

// Strict and length-capped like the login body; the password rule itself (ADR 004) is checked in the
// service, so a weak new password gets the same answer as at registration.
export const ChangePasswordBody = z.strictObject({
  currentPassword: PlainText.max(limits.passwordMax),
  newPassword: PlainText.max(limits.passwordMax),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** How many other sessions of the account were signed out by the change. */
export const ChangePasswordResponse = z.object({ changed: z.literal(true), otherSessionsEnded: z.number().int().nonnegative() });
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;
