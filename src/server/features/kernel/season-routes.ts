import type { FastifyInstance } from 'fastify';
import { SeasonParams, seasonPaths, SeasonsQuery } from '../../../core/api/kernel';
import { texts } from '../../../core/texts';
import { HttpError, parseInput } from '../../http/errors';
import { requireAuth } from '../../http/session';
import type { SeasonService } from './season';

/** An archived season's image never changes once written (ADR 053). */
const immutable = 'private, max-age=31536000, immutable';

/** Kernel seasons (ADR 053): the current one, the archive page by page, and each archived image. */
export function seasonRoutes(app: FastifyInstance, seasons: SeasonService): void {
  app.get(seasonPaths.current, async (request) => {
    requireAuth(request);
    return seasons.current();
  });

  app.get(seasonPaths.list, async (request) => {
    requireAuth(request);
    const query = parseInput(SeasonsQuery, request.query);
    return seasons.list(query.page ?? 1);
  });

  app.get(seasonPaths.image, async (request, reply) => {
    requireAuth(request);
    const { season } = parseInput(SeasonParams, request.params);
    const etag = `"season-${season}"`;
    if (request.headers['if-none-match'] === etag)
      return reply.status(304).header('ETag', etag).header('Cache-Control', immutable).send();
    const image = await seasons.image(season);
    if (!image) throw new HttpError(404, texts.kernel.seasonNotFound);
    return reply
      .header('Cache-Control', immutable)
      .header('ETag', etag)
      .type('image/png')
      .send(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
  });
}
