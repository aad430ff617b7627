import type { FastifyInstance } from 'fastify';
import { BuyDirectoryBody, ContentsQuery, ExitBody, filesystemPaths, HackBody, OperationBody, SshBody } from '../../../core/api/filesystem';
import { balance } from '../../../core/balance';
import { terminalTexts } from '../../../core/texts/terminal';
import { HttpError, parseInput } from '../../http/errors';
import { requireIdempotencyKey, sendOutcome } from '../../http/idempotency-key';
import { WindowLimiter } from '../../http/rate-limit';
import { requireAuth } from '../../http/session';
import type { TerminalService } from './service';

/** spec §7 /api/filesystem/* (src/core/api/filesystem.ts); hack-token and a confirmed buy-directory move Telnet, so they need an Idempotency-Key. */
export function terminalRoutes(app: FastifyInstance, terminal: TerminalService, now: () => number): void {
  const limiter = new WindowLimiter(balance.terminalRequestsPerMinute, 60_000, now);
  const player = (request: Parameters<typeof requireAuth>[0]) => {
    const { user } = requireAuth(request);
    if (!limiter.hit(String(user.id))) throw new HttpError(429, terminalTexts.tooManyCommands, { success: false });
    return user;
  };

  app.post(filesystemPaths.ssh, async (request) => terminal.ssh(player(request), parseInput(SshBody, request.body)));

  app.get(filesystemPaths.contents, async (request) => terminal.contents(player(request), parseInput(ContentsQuery, request.query)));

  app.post(filesystemPaths.operation, async (request) => terminal.operation(player(request), parseInput(OperationBody, request.body)));

  app.post(filesystemPaths.hackToken, async (request, reply) => {
    const user = player(request);
    const key = requireIdempotencyKey(request);
    return sendOutcome(reply, await terminal.hack(user, key, parseInput(HackBody, request.body)));
  });

  app.post(filesystemPaths.exit, async (request) => terminal.exit(player(request), parseInput(ExitBody, request.body).intrusionId));

  app.get(filesystemPaths.status, async (request) => terminal.status(player(request)));

  app.post(filesystemPaths.buyDirectory, async (request, reply) => {
    const user = player(request);
    const body = parseInput(BuyDirectoryBody, request.body);
    const key = body.confirm ? requireIdempotencyKey(request) : null;
    return sendOutcome(reply, await terminal.buyDirectory(user, key, body));
  });
}
