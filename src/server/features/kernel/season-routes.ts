import type { FastifyInstance } from 'fastify';
import {
  CurrentSeason,
  SeasonImage,
  SeasonParams,
  seasonPaths,
  SeasonsPage,
  SeasonsQuery,
} from '../../../core/api/kernel';
import { texts } from '../../../core/texts';
import { errorResponses, NotModified, type ZodTypeProvider } from '../../http/contracts';
import { HttpError } from '../../http/errors';
import { requireAuth } from '../../http/session';
import type { SeasonService } from './season';

/** An archived season's image never changes once written (ADR 053). */
const immutable = 'private, max-age=31536000, immutable';

/** Kernel seasons (ADR 053): the current one, the archive page by page, and each archived image. */
export function seasonRoutes(app: FastifyInstance, seasons: SeasonService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(seasonPaths.current, { schema: { response: { 200: CurrentSeason, ...errorResponses } } }, async (request) => {
    requireAuth(request);
    return seasons.current();
  });

  api.get(
    seasonPaths.list,
    { schema: { querystring: SeasonsQuery, response: { 200: SeasonsPage, ...errorResponses } } },
    async (request) => {
      requireAuth(request);
      return seasons.list(request.query.page ?? 1);
    },
  );

  api.get(
    seasonPaths.image,
    { schema: { params: SeasonParams, response: { 200: SeasonImage, 304: NotModified, ...errorResponses } } },
    async (request, reply) => {
      requireAuth(request);
      const { season } = request.params;
      const etag = `"season-${season}"`;
      if (request.headers['if-none-match'] === etag)
        return reply.header('ETag', etag).header('Cache-Control', immutable).status(304).send();
      const image = await seasons.image(season);
      if (!image) throw new HttpError(404, texts.kernel.seasonNotFound);
      // Bytes are written as they are: no serializer runs on a Buffer.
      return reply
        .header('Cache-Control', immutable)
        .header('ETag', etag)
        .type('image/png')
        .send(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
    },
  );
}
