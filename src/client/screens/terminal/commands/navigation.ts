import { Contents, filesystemPaths, FsStatus, ScanResult } from '../../../../core/api/filesystem';
import { helpRows } from '../../../../core/terminal/command-line';
import { resolvePath } from '../../../../core/terminal/fs-path';
import { terminalCommands } from '../../../../core/terminal/terminal-commands';
import { terminalTexts as t } from '../../../../core/texts/terminal';
import { errorDraft, intrusionQuery, type Handler } from './context';

export const help: Handler = (ctx) => ctx.print({ kind: 'help', rows: helpRows(terminalCommands, ctx.session.mode) });

export const clear: Handler = (ctx) => ctx.dispatch({ type: 'clear' });

export const scan: Handler = (ctx) =>
  ctx.run(async () => {
    const res = await ctx.api.get(filesystemPaths.scan, ScanResult);
    ctx.scanned(res.targets.map((target) => target.username));
    ctx.print({ kind: 'scan', scan: res });
  });

export const status: Handler = (ctx) =>
  ctx.run(async () => {
    const status = await ctx.api.get(filesystemPaths.status, FsStatus);
    ctx.print({ kind: 'status', status });
  });

const contentsOf = (ctx: Parameters<Handler>[0], path: string) =>
  ctx.api.get(`${filesystemPaths.contents}?path=${encodeURIComponent(path)}${intrusionQuery(ctx.session)}`, Contents);

export const ls: Handler = (ctx, arg) =>
  ctx.run(async () => {
    const path = resolvePath(ctx.session.cwd, arg.trim() || '.');
    if (!path.ok) return ctx.print(errorDraft(t.pathErrors[path.error]));
    const res = await contentsOf(ctx, path.path);
    ctx.dispatch({ type: 'listed', path: res.path, listing: res.contents });
    ctx.print({ kind: 'listing', path: res.path, items: res.contents });
  });

export const cd: Handler = (ctx, arg) => {
  if (!arg.trim()) return ctx.print(errorDraft(t.missingPath));
  const path = resolvePath(ctx.session.cwd, arg.trim());
  if (!path.ok) return ctx.print(errorDraft(t.pathErrors[path.error]));
  return ctx.run(async () => {
    const res = await contentsOf(ctx, path.path);
    ctx.dispatch({ type: 'cd', path: res.path, listing: res.contents });
  });
};
