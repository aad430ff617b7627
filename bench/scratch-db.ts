import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

// Scratch databases live only for one run: every name created here is remembered so the
// orchestrator can drop them all, even after a failure or Ctrl-C.
const created = new Set<string>();

/** Refuses anything but a loopback server: the bench must never load someone else's machine. */
export function assertLoopback(url: string): URL {
  const parsed = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)) {
    throw new Error(`the benchmark only targets 127.0.0.1, not ${parsed.hostname}`);
  }
  return parsed;
}

function admin(adminUrl: string) {
  assertLoopback(adminUrl);
  return postgres(adminUrl, { max: 1, onnotice: () => {} });
}

/** Creates an empty database and returns its name and URL. */
export async function createScratchDb(adminUrl: string, prefix: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad scratch database name ${name}`);
  const sql = admin(adminUrl);
  try {
    await sql.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await sql.end({ timeout: 5 });
  }
  created.add(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropScratchDb(adminUrl: string, name: string): Promise<void> {
  const sql = admin(adminUrl);
  try {
    await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    created.delete(name);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Drops every scratch database this process created and has not dropped yet. */
export async function dropAllScratchDbs(adminUrl: string): Promise<void> {
  for (const name of [...created]) {
    try {
      await dropScratchDb(adminUrl, name);
    } catch (error) {
      console.error(`could not drop scratch database ${name}:`, (error as Error).message);
    }
  }
}

/** Server facts that explain the numbers (commit durability above all). */
export async function describePostgres(adminUrl: string): Promise<Record<string, string>> {
  const sql = admin(adminUrl);
  try {
    const facts: Record<string, string> = {};
    for (const setting of ['server_version', 'fsync', 'synchronous_commit', 'shared_buffers', 'max_connections']) {
      const [row] = await sql.unsafe(`SHOW ${setting}`);
      facts[setting] = String(Object.values(row ?? {})[0]);
    }
    return facts;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
