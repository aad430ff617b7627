import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * Everything the built client depends on (ADR 041): its sources, the shared core, the build
 * config and the exact dependency versions. Tests (*.test.ts) are left out: they never reach it.
 */
export const clientInputs = [
  'src/client',
  'src/core',
  'vite.config.ts',
  'scripts/precompress.ts',
  'scripts/inline-entry-css.ts',
  'scripts/signed-in-shell.ts',
  'src/client/boot-screens.ts',
  'tsconfig.json',
  'package-lock.json',
];

const isTest = /\.test\.tsx?$/;

function listFiles(root: string, entry: string): string[] {
  const path = join(root, entry);
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [entry];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !isTest.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'));
}

/**
 * One hash over the inputs' paths and contents. Contents, not mtimes: a fresh clone or a
 * `git checkout` touches every mtime without changing what gets built.
 */
export function hashClientInputs(root: string, inputs: readonly string[] = clientInputs): string {
  const hash = createHash('sha256');
  const files = inputs.flatMap((entry) => listFiles(root, entry)).sort();
  for (const file of files) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

export interface BuildState {
  /** The hash of the inputs now. */
  hash: string;
  /** Why a build is needed, or null when the built client matches its sources. */
  staleBecause: string | null;
}

/** Compares the inputs with the stamp the last build wrote next to its output. */
export function clientBuildState(
  root: string,
  outDir: string,
  stampFile: string,
  inputs: readonly string[] = clientInputs,
): BuildState {
  const hash = hashClientInputs(root, inputs);
  if (!existsSync(join(outDir, 'index.html'))) return { hash, staleBecause: 'no built client' };
  if (!existsSync(stampFile)) return { hash, staleBecause: 'no build stamp' };
  if (readFileSync(stampFile, 'utf8').trim() !== hash) return { hash, staleBecause: 'client sources changed' };
  return { hash, staleBecause: null };
}
