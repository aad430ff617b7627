import { z } from 'zod';
import { binaryAnswer } from './common';

/** GET /healthz and /api/health: the process answers (liveness); it says nothing about its database. */
export const Health = z.object({ ok: z.literal(true) }).meta({ description: 'The process is up and answering.' });

/**
 * GET /readyz: whether this instance should get traffic (200) or not (503), and why: saturated (the
 * load shedder's reason, answered at once), draining for a shutdown, or its database or Redis unreachable.
 */
export const Readiness = z
  .object({
    ready: z.boolean(),
    saturated: z.string().optional(),
    draining: z.boolean().optional(),
    database: z.boolean().optional(),
    redis: z.boolean().optional(),
  })
  .meta({ description: 'Whether this instance takes traffic, with the check that decided it.' });

/** GET /metrics: Prometheus's text exposition format, for operators only (METRICS_TOKEN, else loopback). */
export const MetricsText = binaryAnswer('text/plain; version=0.0.4', 'Prometheus text exposition (operators only).');

/** POST /ops/backup: the embedded database's data folder as a gzipped tarball (operators only, ADR 070). */
export const BackupTarball = binaryAnswer(
  'application/gzip',
  'The data folder as a gzipped tarball (embedded database only).',
);
