import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';

// Every test database used to run all the migrations itself (ADR 085): now the run migrates one
// database of each kind here, once, and freshDatabase (db.ts) copies it.
declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data folder as a tarball; each PGlite test database loads a copy. */
    migratedPgliteImage: string | null;
    /** A migrated PostgreSQL database that each PostgreSQL test database is created from, as its TEMPLATE. */
    migratedPostgresTemplate: string | null;
  }
}

const templatePrefix = 'bb_template_';
// A run's template older than this is left over from a run that was killed before its teardown.
const staleAfterMs = 12 * 3_600_000;

/** A migrated in-memory PGlite, dumped as an uncompressed tarball of its data folder. */
export async function migratedPgliteImage(): Promise<Blob> {
  const database = await createDb({ kind: 'pglite', dataDir: null });
  try {
    await migrate(database);
    const pglite = (database.db as unknown as { $client: PGlite }).$client;
    // A checkpoint first, so a copy starts without replaying the migrations' write-ahead log.
    await pglite.exec('CHECKPOINT');
    return await pglite.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

/** The URL of another database on the server that `adminUrl` points at. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates and migrates this run's PostgreSQL template. Its name is the run's own (its creation time and
 * a random tag), so runs started side by side, from other branches with other migrations, never share
 * one or drop one another's; a leftover from a killed run is dropped once it is stale.
 */
async function createPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `${templatePrefix}${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await dropStaleTemplates(admin);
    await admin.unsafe(`CREATE DATABASE ${name}`);
    // One connection, closed before any copy: CREATE DATABASE ... TEMPLATE refuses a template in use.
    const database = await createDb({ kind: 'postgres', url: databaseUrl(adminUrl, name), max: 1 });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    return name;
  } finally {
    await admin.end();
  }
}

async function dropStaleTemplates(admin: postgres.Sql): Promise<void> {
  const rows = await admin<
    { datname: string }[]
  >`SELECT datname FROM pg_database WHERE datname LIKE 'bb\\_template\\_%'`;
  for (const { datname } of rows) {
    const createdMs = parseInt(datname.slice(templatePrefix.length).split('_')[0]!, 36);
    if (!(Date.now() - createdMs > staleAfterMs)) continue;
    // Best effort: a template that is somehow in use stays for the next run to drop.
    await admin.unsafe(`DROP DATABASE IF EXISTS ${datname}`).catch(() => {});
  }
}

/** Vitest global setup: builds the run's migrated databases, provides them to the test files, drops them after. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const image = join(tmpdir(), `bitbreach-pglite-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  writeFileSync(image, new Uint8Array(await (await migratedPgliteImage()).arrayBuffer()));
  project.provide('migratedPgliteImage', image);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = adminUrl ? await createPostgresTemplate(adminUrl) : null;
  project.provide('migratedPostgresTemplate', template);
  return async () => {
    rmSync(image, { force: true });
    if (!adminUrl || !template) return;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}
