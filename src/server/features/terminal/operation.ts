import type { User } from '../../../core/api/common';
import type { FsItem, OperationBody } from '../../../core/api/filesystem';
import { maxDirectories } from '../../../core/rules/terminal';
import { baseName, parentOf, tokenName } from '../../../core/terminal/fs-path';
import { parseMove } from '../../../core/terminal/terminal-commands';
import { terminalTexts as t } from '../../../core/texts/terminal';
import type { Tx } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { levelNow, listing, refuse, resolved, type TerminalContext } from './context';
import * as store from './store';

/** What a file operation did: the line to print, where, the directory it shows, and a first-time mission evidence. */
interface Done {
  message: string;
  path: string;
  items: FsItem[];
  evidence: 'terminal.directoryCreated' | 'terminal.tokenMoved' | null;
}

/** A file operation on the caller's own system, under the player's and their file system's locks. */
type FileOperation = (
  tx: Tx,
  userId: number,
  fs: store.FileSystemRow,
  body: OperationBody,
  at: number,
) => Promise<Done>;

/** POST /api/filesystem/operation: mkdir, mv (the Token only) and rm, on one's own system only. */
export async function operation(ctx: TerminalContext, user: User, body: OperationBody) {
  const at = ctx.now();
  const { message, path, items, evidence } = await ctx.db.transaction(async (tx) => {
    await lockPlayers(tx, [user.id]);
    await store.ensureFileSystem(tx, user.id);
    const fs = (await store.lockFileSystem(tx, user.id))!;
    const run = body.command === 'mkdir' ? makeDirectory : body.command === 'mv' ? moveToken : removeDirectory;
    return run(tx, user.id, fs, body, at);
  });
  if (evidence) await ctx.announce({ t: evidence, userId: user.id });
  return { success: true as const, message, path, fileSystem: items };
}

/** mkdir: a new directory under an existing one, within the player's level and bought extras. */
const makeDirectory: FileOperation = async (tx, userId, fs, body, at) => {
  const path = resolved('/', body.target);
  if (path === '/' || (await store.directoryExists(tx, userId, path))) return refuse(409, t.directoryExists);
  if (!(await store.directoryExists(tx, userId, parentOf(path)))) return refuse(404, t.directoryNotFound);
  const max = maxDirectories(await levelNow(tx, userId), fs.extraDirectories);
  if ((await store.countDirectories(tx, userId)) >= max) return refuse(403, t.directoryLimit(max));
  await store.insertDirectory(tx, userId, path, new Date(at));
  const first = await store.stampEvidence(tx, userId, 'createdDirectoryAt', new Date(at));
  return {
    message: t.directoryCreated(path),
    path,
    items: await listing(tx, userId, parentOf(path), fs.tokenDir),
    evidence: first ? 'terminal.directoryCreated' : null,
  };
};

/** mv: only the Token moves, from where it is to another existing directory, never renamed. */
const moveToken: FileOperation = async (tx, userId, fs, body, at) => {
  const move = parseMove(`${body.target} ${body.newName ?? ''}`);
  if (!move) return refuse(400, t.missingPath);
  const source = resolved('/', move.source, { allowToken: true });
  if (baseName(source) !== tokenName) return refuse(400, t.onlyTokenMoves);
  if (parentOf(source) !== fs.tokenDir) return refuse(404, t.invalidPath);
  if (move.isRename) return refuse(400, t.tokenCannotBeRenamed);
  const destination = resolved('/', move.destination);
  if (!(await store.directoryExists(tx, userId, destination))) return refuse(404, t.directoryNotFound);
  if (destination === fs.tokenDir) return refuse(409, t.tokenAlreadyThere);
  await store.updateFileSystem(tx, userId, { tokenDir: destination });
  const first = destination !== '/' && (await store.stampEvidence(tx, userId, 'movedTokenAt', new Date(at)));
  return {
    message: t.tokenMoved(destination),
    path: destination,
    items: await listing(tx, userId, destination, destination),
    evidence: first ? 'terminal.tokenMoved' : null,
  };
};

/** rm: an empty directory that does not hold the Token; never the root or the Token itself. */
const removeDirectory: FileOperation = async (tx, userId, fs, body) => {
  const path = resolved('/', body.target, { allowToken: true });
  if (baseName(path) === tokenName) return refuse(400, t.cannotRemoveToken);
  if (path === '/') return refuse(400, t.cannotRemoveRoot);
  if (!(await store.directoryExists(tx, userId, path))) return refuse(404, t.directoryNotFound);
  const holdsToken = fs.tokenDir === path || fs.tokenDir.startsWith(`${path}/`);
  if (holdsToken || (await store.hasSubdirectories(tx, userId, path))) return refuse(409, t.directoryNotEmpty);
  await store.deleteDirectory(tx, userId, path);
  return {
    message: t.removed(path),
    path,
    items: await listing(tx, userId, parentOf(path), fs.tokenDir),
    evidence: null,
  };
};
