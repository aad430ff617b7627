import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BitQuery,
  ChangesQuery,
  gridPaths,
  PurchaseBody,
  SetColorBody,
  snapshotVersionHeader,
  StateQuery,
} from '../../../core/api/kernel';
import { infra } from '../../../core/infra';
import { itemTexts } from '../../../core/texts';
import { parseInput } from '../../http/errors';
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
  app.get(gridPaths.state, async (request) => {
    requireAuth(request);
    const query = parseInput(StateQuery, request.query);
    await stateReads.take(request);
    return kernel.state(query);
  });

  app.get(gridPaths.mine, async (request) => kernel.mine(requireAuth(request).user.id));

  app.get(gridPaths.playerColor, async (request) => kernel.playerColor(requireAuth(request).user.id));

  app.post(gridPaths.setColor, async (request) => {
    const user = await limited(request);
    return kernel.setColor(user.id, parseInput(SetColorBody, request.body));
  });

  app.post(gridPaths.purchase, async (request, reply) => {
    const user = await limited(request);
    const key = requireIdempotencyKey(request);
    return sendOutcome(reply, await kernel.purchase(user.id, key, parseInput(PurchaseBody, request.body)));
  });

  // The whole canvas as one compressed frame; a client holding the current version gets a 304.
  app.get(gridPaths.snapshot, async (request, reply) => {
    requireAuth(request);
    reply.header('Cache-Control', 'private, no-cache');
    const version = await kernel.snapshots.version();
    if (request.headers['if-none-match'] === etagOf(version)) {
      return reply.status(304).header('ETag', etagOf(version)).header(snapshotVersionHeader, String(version)).send();
    }
    const frame = await kernel.snapshots.current();
    return reply
      .header('ETag', etagOf(frame.version))
      .header(snapshotVersionHeader, String(frame.version))
      .header('Content-Length', String(frame.bytes.byteLength))
      .type('application/octet-stream')
      .send(inSlices(frame.bytes));
  });

  app.get(gridPaths.changes, async (request) => {
    requireAuth(request);
    return kernel.changes(parseInput(ChangesQuery, request.query).since);
  });

  app.get(gridPaths.bit, async (request) => {
    requireAuth(request);
    return kernel.bit(parseInput(BitQuery, request.query));
  });

  seasonRoutes(app, kernel.seasons);
}
