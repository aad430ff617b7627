import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BitInfo,
  BitQuery,
  ChangesQuery,
  GridChanges,
  gridPaths,
  GridState,
  MyBits,
  PlayerColor,
  PurchaseBody,
  PurchaseRefusal,
  PurchaseResult,
  SetColorBody,
  SetColorResult,
  SnapshotFrame,
  snapshotVersionHeader,
  StateQuery,
} from '../../../core/api/kernel';
import { infra } from '../../../core/infra';
import { itemTexts } from '../../../core/texts';
import { errorResponses, NotModified, type ZodTypeProvider } from '../../http/contracts';
import { requireIdempotencyKey, sendOutcome } from '../../http/idempotency-key';
import { byPlayer, type Limits } from '../../http/limits';
import { requireAuth } from '../../http/session';
import { seasonRoutes } from './season-routes';
import type { KernelService } from './service';

const etagOf = (version: number) => `"grid-${version}"`;

/**
 * A frame as a stream of slices: one write of a megabyte to a local socket runs the whole copy on
 * the event loop, slices let other requests in between (ADR 043).
 */
function inSlices(bytes: Uint8Array): Readable {
  const slice = 64 * 1024;
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.byteLength; at += slice)
        yield Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.min(slice, bytes.byteLength - at));
    })(),
    { objectMode: false },
  );
}

/** spec §7 Kernel grid endpoints plus the snapshot, catch-up and per-bit look-up (src/core/api/kernel.ts). */
export function kernelRoutes(app: FastifyInstance, kernel: KernelService, limits: Limits): void {
  // One budget per player for purchases and colour changes: no script paints the grid in a loop.
  const actions = limits.declare({
    name: 'kernel-actions',
    limit: infra.kernelActionsPerMinute,
    windowMs: 60_000,
    keyOf: byPlayer,
    refusal: itemTexts.tooManyItemActions,
    body: { success: false },
  });
  const limited = async (request: FastifyRequest) => {
    const { user } = requireAuth(request);
    await actions.take(request);
    return user;
  };

  // grid/state regions count on a budget of their own: reading is cheap now, but never unbounded.
  const stateReads = limits.declare({
    name: 'kernel-state-reads',
    limit: infra.kernelStateReadsPerMinute,
    windowMs: 60_000,
    keyOf: byPlayer,
    refusal: itemTexts.tooManyItemActions,
    body: { success: false },
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  const answers = <S>(ok: S) => ({ 200: ok, ...errorResponses });

  api.get(gridPaths.state, { schema: { querystring: StateQuery, response: answers(GridState) } }, async (request) => {
    requireAuth(request);
    await stateReads.take(request);
    return kernel.state(request.query);
  });

  api.get(gridPaths.mine, { schema: { response: answers(MyBits) } }, async (request) =>
    kernel.mine(requireAuth(request).user.id),
  );

  api.get(gridPaths.playerColor, { schema: { response: answers(PlayerColor) } }, async (request) =>
    kernel.playerColor(requireAuth(request).user.id),
  );

  api.post(gridPaths.setColor, { schema: { body: SetColorBody, response: answers(SetColorResult) } }, async (request) =>
    kernel.setColor((await limited(request)).id, request.body),
  );

  // A refusal (bit owned, no colour, too little Telnet) is a 409 with the spec's title, stored and replayed
  // under the Idempotency-Key like the success.
  api.post(
    gridPaths.purchase,
    { schema: { body: PurchaseBody, response: { 200: PurchaseResult, 409: PurchaseRefusal, ...errorResponses } } },
    async (request, reply) => {
      const user = await limited(request);
      const key = requireIdempotencyKey(request);
      return sendOutcome(reply, await kernel.purchase(user.id, key, request.body));
    },
  );

  // The whole canvas as one compressed frame; a client holding the current version gets a 304.
  api.get(
    gridPaths.snapshot,
    { schema: { response: { 200: SnapshotFrame, 304: NotModified, ...errorResponses } } },
    async (request, reply) => {
      requireAuth(request);
      reply.header('Cache-Control', 'private, no-cache');
      const version = await kernel.snapshots.version();
      if (request.headers['if-none-match'] === etagOf(version)) {
        return reply.header('ETag', etagOf(version)).header(snapshotVersionHeader, String(version)).status(304).send();
      }
      const frame = await kernel.snapshots.current();
      // A stream is written as it is: no serializer runs on it.
      return reply
        .header('ETag', etagOf(frame.version))
        .header(snapshotVersionHeader, String(frame.version))
        .header('Content-Length', String(frame.bytes.byteLength))
        .type('application/octet-stream')
        .send(inSlices(frame.bytes));
    },
  );

  api.get(
    gridPaths.changes,
    { schema: { querystring: ChangesQuery, response: answers(GridChanges) } },
    async (request) => {
      requireAuth(request);
      return kernel.changes(request.query.since);
    },
  );

  api.get(gridPaths.bit, { schema: { querystring: BitQuery, response: answers(BitInfo) } }, async (request) => {
    requireAuth(request);
    return kernel.bit(request.query);
  });

  seasonRoutes(app, kernel.seasons);
}
