import type { JobLog } from './runner';
import { yieldToOthers } from './yield';

/**
 * A table's clean-up (ADR 048): deletes at most `limit` rows that are past their retention at `at`
 * and returns how many it deleted. The runner calls it again (yielding in between) until a batch
 * comes back short, so each statement stays small however far behind the table is.
 */
export interface HousekeepingTask {
  name: string;
  removeBatch(at: Date, limit: number): Promise<number>;
}

/**
 * Runs each task in batches of `batchSize` until one comes back short (ADR 048): a table far behind
 * is emptied in one run, yet no statement holds its locks (or PGlite's one connection) for long. A
 * failing task is logged and the others still run; stopping ends the run after the current batch.
 */
export async function runHousekeeping(
  tasks: readonly HousekeepingTask[],
  options: { at: Date; batchSize: number; log: JobLog; instanceId: string; stopping: () => boolean },
): Promise<void> {
  const { at, batchSize, log, instanceId } = options;
  for (const task of tasks) {
    let removed = 0;
    let batches = 0;
    try {
      for (;;) {
        const count = await task.removeBatch(at, batchSize);
        removed += count;
        batches += 1;
        if (count < batchSize || options.stopping()) break;
        await yieldToOthers();
      }
      if (removed > 0) log.info({ instanceId, task: task.name, removed, batches }, 'housekeeping removed old rows');
    } catch (error) {
      log.error(
        { instanceId, task: task.name, removed, error: error instanceof Error ? error.message : String(error) },
        'housekeeping task failed',
      );
    }
  }
}
