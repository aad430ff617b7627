/**
 * Runs the shutdown steps and exits 0 once they are done; if they fail, or are still pending after
 * graceMs (a connection that never closes, a database close that waits), exits 1 anyway (ADR 048).
 * The data folder's lock goes with the process (data-dir-lock releases it on exit).
 */
export async function shutDownWithin(
  graceMs: number,
  steps: () => Promise<void>,
  exit: (code: number) => void,
  onError: (error: unknown) => void = () => {},
): Promise<void> {
  const deadline = setTimeout(() => exit(1), graceMs);
  let code = 0;
  try {
    await steps();
  } catch (error) {
    code = 1;
    onError(error);
  } finally {
    clearTimeout(deadline);
  }
  exit(code);
}
