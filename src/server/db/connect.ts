import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { alwaysPrepare } from './prepared';
import { withReconnect } from './reconnect';

const gzipAsync = promisify(gzip);

export type Schema = typeof schema;
/** One typed handle for both drivers: feature stores never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A handle a store function may run on: the database or an open transaction. */
export type Executor = Db | Tx;

export type DbConfig =
  // loadDataDir: a tarball of a data folder (PGlite's dumpDataDir) to start from; tests copy one migrated database.
  { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob } | { kind: 'postgres'; url: string; max?: number };

export interface Database {
  db: Db;
  kind: DbConfig['kind'];
  /** Runs raw SQL and returns its rows, whichever driver is underneath. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
  /**
   * The embedded database only: a gzipped tarball of its data folder, consistent while the server runs
   * (ADR 070): open transactions finish first, and queries wait while the folder is copied.
   */
  backup?: () => Promise<Buffer>;
}

/** Whether statements are sent as named prepared statements: yes, unless the URL says `prepare=false`. */
export function preparesStatements(url: string): boolean {
  try {
    return new URL(url).searchParams.get('prepare') !== 'false';
  } catch {
    return true;
  }
}

/** Opens PGlite (a folder, or memory when dataDir is null) or a PostgreSQL pool, behind one handle. */
export async function createDb(config: DbConfig): Promise<Database> {
  if (config.kind === 'postgres') {
    const poolSize = config.max ?? 10;
    const client = postgres(config.url, {
      max: poolSize,
      onnotice: () => {},
      // bigint columns come back as strings; drizzle's { mode: 'number' } columns convert them.
      connection: { application_name: 'bitbreach' },
    });
    // A restarted database must not cost a player a failed request: see reconnect.ts. One round trip
    // per statement, not two: see prepared.ts. A pooler in transaction mode that cannot keep named
    // statements (PgBouncer before 1.21) is told so with `?prepare=false` (docs/capacity.md).
    const prepare = preparesStatements(config.url);
    const reconnecting = withReconnect(client, { poolSize, prepare });
    const sql = prepare ? alwaysPrepare(reconnecting) : reconnecting;
    const db = drizzlePostgres(sql, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      query: async (text, params = []) => (await client.unsafe(text, params as never[])) as never,
      close: () => client.end({ timeout: 5 }),
    };
  }
  let lock: DataDirLock | null = null;
  if (config.dataDir) lock = await lockDataDir(config.dataDir);
  try {
    const pglite = new PGlite(
      config.dataDir ?? 'memory://',
      config.loadDataDir ? { loadDataDir: config.loadDataDir } : {},
    );
    await pglite.waitReady;
    const db = drizzlePglite(pglite, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      query: async (text, params = []) => (await pglite.query(text, params)).rows as never,
      // The checkpoint only shortens the restored copy's recovery: what commits after it is in the WAL,
      // which the copy holds. The copy itself waits for the open transaction and holds back every
      // query (each takes PGlite's transaction lock) until the folder is read.
      // Uncompressed under the lock, gzipped after it on libuv's threads: 94 MB copied in ~0.8 s, where
      // PGlite's own gzip held every write for ~7 s (ADR 070).
      backup: async () => {
        await pglite.exec('CHECKPOINT');
        const tar = await pglite._runExclusiveTransaction(() => pglite.dumpDataDir('none'));
        return gzipAsync(Buffer.from(await tar.arrayBuffer()));
      },
      close: async () => {
        await pglite.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
