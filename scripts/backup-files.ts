import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../src/server/config';
import { createDb } from '../src/server/db/connect';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';

/**
 * The embedded database's backup and restore (ADR 070). A running server holds the data folder, so the
 * copy is asked of it (POST /ops/backup on its port, with METRICS_TOKEN when set); a stopped one is
 * opened here. Either way the tarball is PGlite's own dump of the folder, taken with writes paused.
 */
export async function takeBackup(
  config: Config,
  out: string,
): Promise<{ file: string; bytes: number; from: 'running server' | 'data folder' }> {
  if (config.database.kind !== 'pglite' || !config.database.dataDir)
    throw new Error('Only the embedded database is backed up this way; PostgreSQL: docs/operations.md');
  let tarball: Buffer;
  let from: 'running server' | 'data folder';
  try {
    const database = await createDb(config.database);
    try {
      tarball = await database.backup!();
    } finally {
      await database.close();
    }
    from = 'data folder';
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    tarball = await askServer(config);
    from = 'running server';
  }
  mkdirSync(dirname(resolve(out)), { recursive: true });
  writeFileSync(out, tarball, { mode: 0o600 });
  return { file: resolve(out), bytes: tarball.length, from };
}

async function askServer(config: Config): Promise<Buffer> {
  const headers: Record<string, string> = config.metricsToken ? { authorization: `Bearer ${config.metricsToken}` } : {};
  const res = await fetch(`http://127.0.0.1:${config.port}/ops/backup`, { method: 'POST', headers });
  if (res.status !== 200)
    throw new Error(`The server on port ${config.port} refused the backup (${res.status}): ${await res.text()}`);
  return Buffer.from(await res.arrayBuffer());
}

/** Unpacks a backup into a fresh data folder (DATA_DIR); refuses one that already holds a database. */
export async function restoreBackup(file: string, dataDir: string): Promise<string> {
  const target = join(resolve(dataDir), 'pglite');
  if (existsSync(target) && readdirSync(target).length > 0)
    throw new Error(`${target} already holds a database: restore into a fresh DATA_DIR`);
  mkdirSync(target, { recursive: true });
  const pglite = new PGlite(target, { loadDataDir: new Blob([readFileSync(file)]) });
  await pglite.waitReady;
  await pglite.close();
  return target;
}
