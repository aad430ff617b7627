import type { FastifyInstance } from 'fastify';
import {
  BuyDirectoryBody,
  BuyDirectoryResult,
  Contents,
  ContentsQuery,
  ExitBody,
  ExitResult,
  filesystemPaths,
  FsStatus,
  HackBody,
  HackResult,
  OperationBody,
  OperationResult,
  ScanQuery,
  ScanResult,
  SshBody,
  SshResult,
} from '../../../core/api/filesystem';
import { infra } from '../../../core/infra';
import { terminalTexts } from '../../../core/texts/terminal';
import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
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

  const api = app.withTypeProvider<ZodTypeProvider>();
  const answers = <S>(ok: S) => ({ 200: ok, ...errorResponses });

  api.post(filesystemPaths.ssh, { schema: { body: SshBody, response: answers(SshResult) } }, async (request) =>
    terminal.ssh(await player(request), request.body),
  );

  api.get(
    filesystemPaths.contents,
    { schema: { querystring: ContentsQuery, response: answers(Contents) } },
    async (request) => terminal.contents(await player(request), request.query),
  );

  api.post(
    filesystemPaths.operation,
    { schema: { body: OperationBody, response: answers(OperationResult) } },
    async (request) => terminal.operation(await player(request), request.body),
  );

  api.post(
    filesystemPaths.hackToken,
    { schema: { body: HackBody, response: answers(HackResult) } },
    async (request, reply) => {
      const user = await player(request);
      const key = requireIdempotencyKey(request);
      return sendOutcome(reply, await terminal.hack(user, key, request.body));
    },
  );

  api.post(filesystemPaths.exit, { schema: { body: ExitBody, response: answers(ExitResult) } }, async (request) =>
    terminal.exit(await player(request), request.body.intrusionId),
  );

  api.get(
    filesystemPaths.scan,
    { schema: { querystring: ScanQuery, response: answers(ScanResult) } },
    async (request) => terminal.scan(await player(request), request.query),
  );

  api.get(filesystemPaths.status, { schema: { response: answers(FsStatus) } }, async (request) =>
    terminal.status(await player(request)),
  );

  // Quoting the price (confirm false) moves nothing, so only a confirmed buy needs an Idempotency-Key.
  api.post(
    filesystemPaths.buyDirectory,
    { schema: { body: BuyDirectoryBody, response: answers(BuyDirectoryResult) } },
    async (request, reply) => {
      const user = await player(request);
      const key = request.body.confirm ? requireIdempotencyKey(request) : null;
      return sendOutcome(reply, await terminal.buyDirectory(user, key, request.body));
    },
  );
}
