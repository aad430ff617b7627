/** Lets requests queued on the database (PGlite has one connection) go between two pieces of background work. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));
