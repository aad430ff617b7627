/**
 * The server's random source with a script: values queued by a test come out first, in order, then
 * Math.random again. A browser test queues the draws an action will make (a core opening draws success,
 * then the amount: rules/cores.ts openCore) right before the click that causes it.
 */
export function scriptedRandom() {
  const queued: number[] = [];
  const random = () => queued.shift() ?? Math.random();
  return Object.assign(random, {
    queue(...values: number[]) {
      for (const v of values) if (!(v >= 0 && v < 1)) throw new Error(`a random draw is in [0, 1), not ${v}`);
      queued.push(...values);
    },
    /** Draws still waiting (a test asserts 0 to be sure its action used them). */
    pending: () => queued.length,
  });
}

export type ScriptedRandom = ReturnType<typeof scriptedRandom>;
