import type { User } from '../../../core/api/common';
import type {
  BuyDirectoryBody,
  ContentsQuery,
  HackBody,
  OperationBody,
  ScanQuery,
  SshBody,
} from '../../../core/api/filesystem';
import type { Tx } from '../../db/connect';
import type { AfterCommit } from '../../idempotency/after-commit';
import type { Job } from '../../jobs';
import { buyDirectory } from './buy-directory';
import { contents } from './contents';
import { terminalContext, type TerminalServiceDeps } from './context';
import { evidence } from './evidence';
import { exit } from './exit';
import { expireIntrusion } from './expire-intrusion';
import { hack } from './hack';
import { operation } from './operation';
import { scan } from './scan';
import { ssh } from './ssh';
import { status } from './status';

export type { TerminalServiceDeps } from './context';

/**
 * The Terminal's file systems and intrusions (docs/game-rules.md §18, ADR 026–028). Every path is
 * resolved by core/terminal/fs-path.ts before SQL sees it; an intrusion's limit is a timestamp
 * checked on every command (the jobs runner only closes it for the log); a hack moves Telnet through
 * the wallet under both players' row locks, once per Idempotency-Key. Every transaction locks in one
 * order: the players (lockPlayers, by id), then file systems, then intrusions, then jobs (ADR 049).
 *
 * Each action is a module of its own taking the shared TerminalContext first (ADR 080); this only
 * builds the context once and binds the actions, so the routes, the jobs and the missions see one object.
 */
export function createTerminalService(deps: TerminalServiceDeps) {
  const ctx = terminalContext(deps);
  return {
    ssh: (user: User, body: SshBody) => ssh(ctx, user, body),
    exit: (user: User, intrusionId: number) => exit(ctx, user, intrusionId),
    expireIntrusion: (
      tx: Tx,
      job: Job<'terminal.intrusionExpired', { intrusionId: number }>,
      afterCommit: AfterCommit,
    ) => expireIntrusion(ctx, tx, job, afterCommit),
    hack: (user: User, key: string, body: HackBody) => hack(ctx, user, key, body),
    scan: (user: User, query: ScanQuery) => scan(ctx, user, query),
    contents: (user: User, query: ContentsQuery) => contents(ctx, user, query),
    operation: (user: User, body: OperationBody) => operation(ctx, user, body),
    evidence: (userId: number) => evidence(ctx, userId),
    status: (user: User) => status(ctx, user),
    buyDirectory: (user: User, key: string | null, body: BuyDirectoryBody) => buyDirectory(ctx, user, key, body),
  };
}

export type TerminalService = ReturnType<typeof createTerminalService>;
