import { z } from 'zod';
import { limits } from '../rules/account';
import { PlainText } from './common';

/** The account self-service routes (settings screen). */
export const accountPaths = {
  password: '/api/account/password',
  /** A renamed player's new username (ADR 060). */
  username: '/api/account/username',
  export: '/api/account/export',
  delete: '/api/account/delete',
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
export const ChangePasswordResponse = z
  .object({ changed: z.literal(true), otherSessionsEnded: z.number().int().nonnegative() })
  .meta({ description: 'The password changed; every other session of the account was signed out.' });
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

/** DOWNLOAD MY DATA takes no query: anything in it is refused, never ignored. */
export const ExportQuery = z.strictObject({});

/** DELETE ACCOUNT: the password confirms it (ADR 057); length-capped like the login body. */
export const DeleteAccountBody = z.strictObject({ password: PlainText.max(limits.passwordMax) });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

export const DeleteAccountResponse = z
  .object({ deleted: z.literal(true) })
  .meta({ description: 'The account is gone: items destroyed, balance burned, messages erased, sessions ended.' });
export type DeleteAccountResponse = z.infer<typeof DeleteAccountResponse>;

/** The export's file name: bitbreach-<username>-<YYYY-MM-DD>.json, the name reduced to safe characters. */
export function exportFileName(username: string, at: Date): string {
  const safe =
    username
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .slice(0, 20) || 'player';
  return `bitbreach-${safe}-${at.toISOString().slice(0, 10)}.json`;
}

/** The export's first section: who the player is (ADR 057). */
export const ExportProfile = z.object({
  id: z.int(),
  username: z.string(),
  loginId: z.string(),
  level: z.int(),
  currentExp: z.int(),
  totalTaps: z.int(),
  telnet: z.int(),
  attack: z.int(),
  criticalRate: z.number(),
  bonusCriticalHit: z.number(),
  connectionRate: z.number(),
  itemDropRate: z.number(),
  createdAt: z.iso.datetime(),
});
export type ExportProfile = z.infer<typeof ExportProfile>;

// Rows keep every field they carry (loose): the file is the player's data, and a reader keeps all of it.
const ExportRows = z.array(z.looseObject({ id: z.int() }));

/**
 * GET /api/account/export: the whole file, streamed a page at a time (so the server writes it as is;
 * the schema documents it, and the client reads it with it).
 */
export const AccountExport = z
  .looseObject({
    exportedAt: z.iso.datetime(),
    profile: ExportProfile,
    ledger: ExportRows,
    items: z.looseObject({
      gear: z.array(z.looseObject({ id: z.int() })),
      cores: z.array(z.looseObject({ id: z.int() })),
    }),
    marketListings: ExportRows,
    kernelBits: ExportRows,
    kernelPastSeasons: z.unknown(),
    chatLines: ExportRows,
    privateMessagesSent: ExportRows,
    privateMessagesReceived: ExportRows,
    missions: z.unknown(),
    reportsMade: ExportRows,
  })
  .meta({ description: 'Everything the game keeps about the player, as one JSON file (a download).' });
export type AccountExport = z.infer<typeof AccountExport>;
