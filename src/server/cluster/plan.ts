/** How many server processes to run, and what to tell the operator about it (ADR 036). */
export interface WorkerPlan {
  count: number;
  /** A line for the operator when the asked number was not honoured; null otherwise. */
  notice: string | null;
}

/**
 * WORKERS → the number of server processes. Unset: one per core on PostgreSQL, one on PGlite.
 * PGlite is a database inside one process, so it always gets one, said plainly when more were asked.
 */
export function planWorkers(
  workers: string | undefined,
  databaseKind: 'pglite' | 'postgres',
  cores: number,
): WorkerPlan {
  const given = workers?.trim() ?? '';
  if (given !== '' && !/^\d+$/.test(given))
    throw new Error(`WORKERS must be a whole number (1 or more), not "${given}"`);
  const asked = given === '' ? null : Number(given);
  if (asked !== null && asked < 1) throw new Error('WORKERS must be 1 or more');
  if (databaseKind === 'pglite') {
    const notice =
      asked !== null && asked > 1
        ? `WORKERS=${asked} ignored: the embedded PGlite database lives in one process, ` +
          `so one server process runs. Set DATABASE_URL (PostgreSQL) to run several.`
        : null;
    return { count: 1, notice };
  }
  return { count: asked ?? Math.max(1, cores), notice: null };
}
