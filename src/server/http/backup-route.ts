import type { FastifyInstance } from 'fastify';
import { BackupTarball } from '../../core/api/ops';
import type { Database } from '../db/connect';
import { errorResponses, type ZodTypeProvider } from './contracts';
import { notFoundBody } from './errors';
import { metricsAllowed } from './ops';

export interface BackupRouteDeps {
  database: Database;
  metricsToken?: string | undefined;
  behindProxy: boolean;
}

/**
 * POST /ops/backup: the embedded database's data folder as a gzipped tarball, taken while the server
 * runs (`npm run backup` calls it; ADR 070). Only operators reach it, as /metrics: METRICS_TOKEN, else a
 * loopback peer. Writes pause while the folder is copied (under a second per 100 MB on this machine);
 * PostgreSQL has pg_dump for this (docs/operations.md).
 */
export function registerBackupRoute(app: FastifyInstance, deps: BackupRouteDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/ops/backup',
    { schema: { response: { 200: BackupTarball, ...errorResponses } } },
    async (request, reply) => {
      if (!metricsAllowed(request, deps.metricsToken, deps.behindProxy))
        return reply.status(404).send(notFoundBody(request.method, request.url));
      if (!deps.database.backup) {
        return reply
          .status(409)
          .send({ message: 'This server runs on PostgreSQL: back it up with pg_dump (docs/operations.md).' });
      }
      const started = performance.now();
      const tarball = await deps.database.backup();
      request.log.info({ bytes: tarball.length, ms: Math.round(performance.now() - started) }, 'backup taken');
      return reply.headers({ 'content-type': 'application/gzip', 'cache-control': 'no-store' }).send(tarball);
    },
  );
}
