import { ExitResult, filesystemPaths, HackResult, SshResult } from '../../../../core/api/filesystem';
import { parseSshTarget } from '../../../../core/terminal/terminal-commands';
import { terminalTexts as t } from '../../../../core/texts/terminal';
import { newIdempotencyKey } from '../../../lib/api';
import { terminalHome } from '../terminal-model';
import { errorDraft, type Handler } from './context';

export const ssh: Handler = (ctx, arg) => {
  const parsed = parseSshTarget(arg);
  if (!parsed) return ctx.print(errorDraft(t.errorLine('missing target: ssh {username|chatroom}')));
  if (parsed.kind === 'chatroom') {
    ctx.dispatch({ type: 'enter', session: { ...terminalHome, mode: 'chatroom' }, listing: [] });
    return ctx.print({
      kind: 'line',
      tone: 'info',
      text: "joined the global chatroom — type to talk, 'exit' to leave",
    });
  }
  return ctx.run(async () => {
    const res = await ctx.api.post(filesystemPaths.ssh, { target: parsed.username }, SshResult);
    const deadline = res.timeLimit === null ? null : Date.now() + res.timeLimit * 1000;
    ctx.dispatch({
      type: 'enter',
      session: { mode: res.mode, target: res.target, cwd: '/', intrusionId: res.intrusionId, deadline },
      listing: res.fileSystem,
    });
    ctx.tick();
    ctx.print(
      { kind: 'line', tone: res.mode === 'root' ? 'ok' : 'info', text: res.message },
      { kind: 'listing', path: '/', items: res.fileSystem },
    );
    if (res.targetIsDeveloper)
      ctx.print({ kind: 'line', tone: 'muted', text: 'developer box detected — find the Token' });
  });
};

export const hack: Handler = (ctx, arg) => {
  if (!arg.trim()) return ctx.print(errorDraft(t.missingPath));
  const intrusionId = ctx.session.intrusionId;
  if (intrusionId === null) return ctx.print(errorDraft(t.errorLine(t.noActiveIntrusion)));
  return ctx.run(async () => {
    const res = await ctx.api.post(
      filesystemPaths.hackToken,
      { tokenPath: arg.trim(), currentPath: ctx.session.cwd, intrusionId },
      HackResult,
      { idempotencyKey: newIdempotencyKey() },
    );
    ctx.print({ kind: 'line', tone: 'telnet', text: res.message });
    ctx.refreshUser();
    // spec §4: a forced exit ends the session a second later.
    setTimeout(() => {
      ctx.dispatch({ type: 'leave' });
      ctx.dispatch({
        type: 'print',
        drafts: [{ kind: 'line', tone: 'muted', text: 'connection closed by remote host' }],
      });
    }, 1000);
  });
};

export const exit: Handler = (ctx) => {
  const { session } = ctx;
  if (session.mode === 'intrusion' && session.intrusionId !== null)
    void ctx.api.post(filesystemPaths.exit, { intrusionId: session.intrusionId }, ExitResult).catch(() => undefined);
  ctx.dispatch({ type: 'leave' });
  ctx.print({ kind: 'line', tone: 'muted', text: 'returned to terminal' });
};
