import { z } from 'zod';

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
