import { z } from 'zod';
import { limits } from '../rules/account';
import { maxPathInputLength } from '../terminal/fs-path';
import { balance } from '../balance';
import { IdParam, PlainText, queryInt, RowId } from './common';

/**
 * The Terminal's file-system contract (spec §7 /api/filesystem/*). Paths arrive as text
 * and are resolved by src/core/terminal/fs-path.ts on the server (relative ones against '/'), so
 * the length bound here only stops a 10 KB string before anything splits it.
 */
const PathText = PlainText.pipe(
  z.string().max(maxPathInputLength, { message: 'invalid path: longer than 256 characters' }),
);

/** spec §3 file-system item: name, path, type. Only ever one directory's entries at a time. */
export const FsItem = z.object({ name: z.string(), path: z.string(), type: z.enum(['directory', 'token']) });
export type FsItem = z.infer<typeof FsItem>;

/** POST /api/filesystem/ssh {target, mode}: 'root' on one's own username, 'intrusion' on another's. */
export const SshBody = z.strictObject({
  target: PlainText.pipe(
    z.string().min(1, { message: 'Missing field: target' }).max(limits.usernameMax, { message: 'invalid target' }),
  ),
  mode: z.enum(['root', 'intrusion']).optional(),
});
export type SshBody = z.infer<typeof SshBody>;

export const SshResult = z.object({
  success: z.literal(true),
  message: z.string(),
  mode: z.enum(['root', 'intrusion']),
  target: z.string(),
  /** The root directory's entries only: an intrusion reveals one directory per ls. */
  fileSystem: z.array(FsItem),
  currentPath: z.literal('/'),
  targetIsDeveloper: z.boolean(),
  intrusionId: z.int().nullable(),
  /** spec §9: seconds the intrusion lasts on the server's clock (null in root mode). */
  timeLimit: z.int().nullable(),
  expiresAt: z.iso.datetime().nullable(),
});
export type SshResult = z.infer<typeof SshResult>;

/** GET /api/filesystem/contents?path=&intrusionId= — one's own directory, or (with intrusionId) the target's. */
export const ContentsQuery = z.strictObject({ path: PathText.optional(), intrusionId: IdParam.optional() });
export type ContentsQuery = z.infer<typeof ContentsQuery>;
export const Contents = z.object({ path: z.string(), contents: z.array(FsItem) });
export type Contents = z.infer<typeof Contents>;

/** POST /api/filesystem/operation {command, target, newName}: mkdir, mv (Token only) or rm, on one's own system. */
export const OperationBody = z.strictObject({
  command: z.enum(['mkdir', 'mv', 'rm']),
  target: PathText,
  newName: PathText.optional(),
});
export type OperationBody = z.infer<typeof OperationBody>;
export const OperationResult = z.object({
  success: z.literal(true),
  message: z.string(),
  path: z.string(),
  fileSystem: z.array(FsItem),
});
export type OperationResult = z.infer<typeof OperationResult>;

/** POST /api/filesystem/hack-token {tokenPath, currentPath, intrusionId}; needs an Idempotency-Key (it moves Telnet). */
export const HackBody = z.strictObject({ tokenPath: PathText, currentPath: PathText.optional(), intrusionId: RowId });
export type HackBody = z.infer<typeof HackBody>;
export const HackResult = z.object({
  success: z.literal(true),
  message: z.string(),
  telnetStolen: z.int().min(0),
  fileSystem: z.array(FsItem),
  /** The server ends the intrusion; the client leaves 1 s later (spec §4). */
  forceExit: z.literal(true),
});
export type HackResult = z.infer<typeof HackResult>;

/** POST /api/filesystem/exit {intrusionId}: the attacker leaves before the limit (the victim's log says so). */
export const ExitBody = z.strictObject({ intrusionId: RowId });
/** The exit is acknowledged whether or not the intrusion was still open (it may have just expired). */
export const ExitResult = z.object({ success: z.literal(true) });

/** POST /api/filesystem/buy-directory {confirm}: false quotes the price, true buys (Idempotency-Key). */
export const BuyDirectoryBody = z.strictObject({ confirm: z.boolean() });
export type BuyDirectoryBody = z.infer<typeof BuyDirectoryBody>;
export const BuyDirectoryResult = z.object({
  success: z.literal(true),
  message: z.string(),
  cost: z.int().min(1),
  bought: z.boolean(),
});
export type BuyDirectoryResult = z.infer<typeof BuyDirectoryResult>;

/** spec §3 attack history item. */
export const AttackRecord = z.object({
  createdAt: z.iso.datetime(),
  type: z.enum(['received', 'sent']),
  attackerUsername: z.string(),
  victimUsername: z.string(),
  telnetStolen: z.int().min(0),
});
export type AttackRecord = z.infer<typeof AttackRecord>;

/** One intrusion into the player's system: who, when, how it ended (ADR 049: a read counts nothing, so no 'directories opened'). */
export const IntrusionRecord = z.object({
  intrusionId: z.int(),
  attackerUsername: z.string(),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  outcome: z.enum(['active', 'hacked', 'expired', 'exited']),
});
export type IntrusionRecord = z.infer<typeof IntrusionRecord>;

/** GET /api/filesystem/status (spec §3 file-system status, plus the intrusion log and cooldowns). */
export const FsStatus = z.object({
  currentDirectories: z.int().min(0),
  maxDirectories: z.int().min(0),
  extraDirectories: z.int().min(0),
  nextDirectoryPrice: z.int().nullable(),
  attackHistory: z.array(AttackRecord),
  intrusionLog: z.array(IntrusionRecord),
  sshCooldownUntil: z.iso.datetime().nullable(),
});
export type FsStatus = z.infer<typeof FsStatus>;

/** Why scan shows an operator as protected: one of the fair-play refusals, or this attacker's cooldown on them (ADR 067). */
export const ScanProtection = z.enum([
  'attacker-low-level',
  'victim-low-level',
  'victim-too-new',
  'level-gap',
  'level-gap-above',
  'victim-shielded',
  'already-hacked-today',
  'intrusion-cooldown',
]);
export type ScanProtection = z.infer<typeof ScanProtection>;

/** GET /api/filesystem/scan?limit= — who this player may ssh into now; only public facts (no Token, no directories). */
export const ScanQuery = z.strictObject({
  limit: queryInt(z.int().min(1).max(balance.scanLimit)).default(balance.scanLimit),
});
export type ScanQuery = z.infer<typeof ScanQuery>;
export const ScanTarget = z.object({ username: z.string(), level: z.int(), protection: ScanProtection.nullable() });
export type ScanTarget = z.infer<typeof ScanTarget>;
export const ScanResult = z.object({ level: z.int(), targets: z.array(ScanTarget).max(balance.scanLimit) });
export type ScanResult = z.infer<typeof ScanResult>;

export const filesystemPaths = {
  scan: '/api/filesystem/scan',
  ssh: '/api/filesystem/ssh',
  contents: '/api/filesystem/contents',
  operation: '/api/filesystem/operation',
  hackToken: '/api/filesystem/hack-token',
  exit: '/api/filesystem/exit',
  status: '/api/filesystem/status',
  buyDirectory: '/api/filesystem/buy-directory',
} as const;
