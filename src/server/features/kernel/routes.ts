import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BitQuery, ChangesQuery, gridPaths, PurchaseBody, SetColorBody, snapshotVersionHeader, StateQuery } from '../../../core/api/kernel';
import { balance } from '../../../core/balance';
import { itemTexts } from '../../../core/texts';
import { HttpError, parseInput } from '../../http/errors';
import { requireIdempotencyKey, sendOutcome } from '../../http/idempotency-key';
import { WindowLimiter } from '../../http/rate-limit';
import { requireAuth } from '../../http/session';
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
      for (let at = 0; at < bytes.byteLength; at += slice) yield Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.min(slice, bytes.byteLength - at));
    })(),
    { objectMode: false },
  );
}

/** spec §7 Kernel grid endpoints plus the snapshot, catch-up and per-bit look-up (src/core/api/kernel.ts). */
export function kernelRoutes(app: FastifyInstance, kernel: KernelService, now: () => number): void {
  // One budget per player for purchases and colour changes: no script paints the grid in a loop.
  const limiter = new WindowLimiter(balance.kernelActionsPerMinute, 60_000, now);
  const limited = (request: FastifyRequest) => {
    const { user } = requireAuth(request);
    if (!limiter.hit(String(user.id))) throw new HttpError(429, itemTexts.tooManyItemActions, { success: false });
    return user;
  };

  // grid/state regions count on a budget of their own: reading is cheap now, but never unbounded.
  const stateLimiter = new WindowLimiter(balance.kernelStateReadsPerMinute, 60_000, now);
  app.get(gridPaths.state, async (request) => {
    const { user } = requireAuth(request);
    const query = parseInput(StateQuery, request.query);
    if (!stateLimiter.hit(String(user.id))) throw new HttpError(429, itemTexts.tooManyItemActions, { success: false });
    return kernel.state(query);
  });

  app.get(gridPaths.playerColor, async (request) => kernel.playerColor(requireAuth(request).user.id));

  app.post(gridPaths.setColor, async (request) => {
    const user = limited(request);
    return kernel.setColor(user.id, parseInput(SetColorBody, request.body));
  });

  app.post(gridPaths.purchase, async (request, reply) => {
    const user = limited(request);
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
}
