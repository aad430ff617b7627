// The order a batch runs its jobs in (docs/decisions/013-jobs-runner.md, "Batches"; ADR 073).

/** The player a job's handler locks, when its payload names one (`userId`). */
function playerOf(row: { payload: unknown }): number | undefined {
  const userId = (row.payload as { userId?: unknown } | null)?.userId;
  return typeof userId === 'number' ? userId : undefined;
}

/**
 * The order a batch runs its jobs in, so that two batches (and a request locking one player) take
 * player locks in one global order and cannot deadlock: jobs naming a player by ascending userId,
 * then the rest by id.
 */
export function lockOrder<Row extends { id: number; payload: unknown }>(rows: readonly Row[]): Row[] {
  return [...rows].sort((a, b) => {
    const pa = playerOf(a);
    const pb = playerOf(b);
    if (pa !== undefined && pb !== undefined && pa !== pb) return pa - pb;
    if ((pa === undefined) !== (pb === undefined)) return pa === undefined ? 1 : -1;
    return a.id - b.id;
  });
}

/**
 * Consecutive jobs (in lockOrder) of one kind that runs in batches form one group; every other job is
 * a group of its own. Groups keep the order they are given, so player locks stay in one global order.
 */
export function sameKindRuns<Row extends { kind: string }>(
  rows: readonly Row[],
  runsInBatches: (kind: string) => boolean,
): Row[][] {
  const groups: Row[][] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last && runsInBatches(row.kind) && last[0]!.kind === row.kind) last.push(row);
    else groups.push([row]);
  }
  return groups;
}
