import { BuyDirectoryResult, filesystemPaths, OperationResult } from '../../../../core/api/filesystem';
import { resolvePath } from '../../../../core/terminal/fs-path';
import { parseMove } from '../../../../core/terminal/terminal-commands';
import { terminalTexts as t } from '../../../../core/texts/terminal';
import { newIdempotencyKey } from '../../../lib/api';
import { errorDraft, type CommandContext, type Handler } from './context';

/** Resolves mv's destination and keeps the trailing slash that makes it a move (not a rename). */
function resolveKeepingSlash(cwd: string, destination: string): string | null {
  const path = resolvePath(cwd, destination);
  if (!path.ok) return null;
  return path.path === '/' ? '/' : `${path.path}/`;
}

function operation(ctx: CommandContext, command: 'mkdir' | 'mv' | 'rm', target: string, destination?: string) {
  if (!target.trim()) return ctx.print(errorDraft(t.missingPath));
  const source = resolvePath(ctx.session.cwd, target.trim(), { allowToken: true });
  if (!source.ok) return ctx.print(errorDraft(t.pathErrors[source.error]));
  // The destination keeps its trailing slash: without it mv would be a rename (refused by the server).
  const newName = destination === undefined ? undefined : resolveKeepingSlash(ctx.session.cwd, destination);
  if (newName === null) return ctx.print(errorDraft(t.errorLine(t.invalidPath)));
  return ctx.run(async () => {
    const res = await ctx.api.post(
      filesystemPaths.operation,
      { command, target: source.path, ...(newName !== undefined ? { newName } : {}) },
      OperationResult,
    );
    ctx.print({ kind: 'line', tone: 'ok', text: res.message });
    ctx.refreshMissions();
  });
}

export const mkdir: Handler = (ctx, arg) => operation(ctx, 'mkdir', arg);

export const rm: Handler = (ctx, arg) => operation(ctx, 'rm', arg);

export const mv: Handler = (ctx, arg) => {
  const move = parseMove(arg);
  if (!move) return ctx.print(errorDraft(t.errorLine('usage: mv Token {directory}/')));
  if (move.isRename && move.source.endsWith('Token')) return ctx.print(errorDraft(t.errorLine(t.tokenCannotBeRenamed)));
  return operation(ctx, 'mv', move.source, move.destination);
};

function buy(ctx: CommandContext, confirm: boolean) {
  return ctx.run(async () => {
    const res = await ctx.api.post(
      filesystemPaths.buyDirectory,
      { confirm },
      BuyDirectoryResult,
      confirm ? { idempotencyKey: newIdempotencyKey() } : undefined,
    );
    ctx.print({ kind: 'line', tone: confirm ? 'telnet' : 'info', text: res.message });
    if (confirm) ctx.refreshUser();
  });
}

export const buyDir: Handler = (ctx) => buy(ctx, false);

export const buyDirConfirm: Handler = (ctx) => buy(ctx, true);
