/**
 * A meeting point for the naive versions the race tests run to show their checks have teeth: each
 * racer reads, then waits here until all `n` have read, and only then writes. The interleaving the
 * check must catch is forced, not hoped for from the scheduler (a loaded CI machine once ran every
 * racer's read and write in turn, and the naive version looked safe).
 */
export function barrier(n: number): () => Promise<void> {
  let arrived = 0;
  let release!: () => void;
  const all = new Promise<void>((resolve) => (release = resolve));
  return () => {
    arrived += 1;
    if (arrived === n) release();
    return all;
  };
}
