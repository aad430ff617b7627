import type { FastifyInstance } from 'fastify';
import {
  BuyDirectoryBody,
  ContentsQuery,
  ScanQuery,
  ExitBody,
  filesystemPaths,
  HackBody,
  OperationBody,
  SshBody,
} from '../../../core/api/filesystem';
import { infra } from '../../../core/infra';
import { terminalTexts } from '../../../core/texts/terminal';
import { parseInput } from '../../http/errors';
import { requireIdempotencyKey, sendOutcome } from '../../http/idempotency-key';
import { byPlayer, type Limits } from '../../http/limits';
import { requireAuth } from '../../http/session';
import type { TerminalService } from './service';

/** spec §7 /api/filesystem/* (src/core/api/filesystem.ts); hack-token and a confirmed buy-directory move Telnet, so they need an Idempotency-Key. */
export function terminalRoutes(app: FastifyInstance, terminal: TerminalService, limits: Limits): void {
  const commands = limits.declare({
    name: 'terminal-requests',
    limit: infra.terminalRequestsPerMinute,
    windowMs: 60_000,
    keyOf: byPlayer,
    refusal: terminalTexts.tooManyCommands,
    body: { success: false },
  });
  const player = async (request: Parameters<typeof requireAuth>[0]) => {
    const { user } = requireAuth(request);
    await commands.take(request);
    return user;
  };

  app.post(filesystemPaths.ssh, async (request) =>
    terminal.ssh(await player(request), parseInput(SshBody, request.body)),
  );

  app.get(filesystemPaths.contents, async (request) =>
    terminal.contents(await player(request), parseInput(ContentsQuery, request.query)),
  );

  app.post(filesystemPaths.operation, async (request) =>
    terminal.operation(await player(request), parseInput(OperationBody, request.body)),
  );

  app.post(filesystemPaths.hackToken, async (request, reply) => {
    const user = await player(request);
    const key = requireIdempotencyKey(request);
    return sendOutcome(reply, await terminal.hack(user, key, parseInput(HackBody, request.body)));
  });

  app.post(filesystemPaths.exit, async (request) =>
    terminal.exit(await player(request), parseInput(ExitBody, request.body).intrusionId),
  );

  app.get(filesystemPaths.scan, async (request) =>
    terminal.scan(await player(request), parseInput(ScanQuery, request.query)),
  );

  app.get(filesystemPaths.status, async (request) => terminal.status(await player(request)));

  app.post(filesystemPaths.buyDirectory, async (request, reply) => {
    const user = await player(request);
    const body = parseInput(BuyDirectoryBody, request.body);
    const key = body.confirm ? requireIdempotencyKey(request) : null;
    return sendOutcome(reply, await terminal.buyDirectory(user, key, body));
  });
}
