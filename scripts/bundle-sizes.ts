import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One file of the built client: bytes as stored, and as sent gzip- or brotli-compressed. */
export interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** The budget of The login screen's initial JavaScript, gzipped. */
export const loginInitialJsBudgetBytes = 80 * 1024;

function sizeOf(dir: string, file: string): ChunkSize {
  const path = join(dir, file);
  const raw = readFileSync(path);
  // The copies the build wrote (scripts/precompress.ts) are what the server sends; measure those.
  const gzip = existsSync(`${path}.gz`) ? readFileSync(`${path}.gz`).length : gzipSync(raw, { level: 9 }).length;
  const brotli = existsSync(`${path}.br`)
    ? readFileSync(`${path}.br`).length
    : brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length;
  return { file, raw: raw.length, gzip, brotli };
}

function readManifest(dir: string): Record<string, ManifestChunk> {
  const path = join(dir, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: build the client first (npm run build:client)`);
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
}

/** The JavaScript of the given manifest chunks and of every chunk they import statically. */
function closureJs(dir: string, manifest: Record<string, ManifestChunk>, keys: readonly string[]): ChunkSize[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...seen]
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => sizeOf(dir, file));
}

/**
 * The JavaScript a browser must fetch before the page's entry runs, i.e. the login screen's: the
 * entry chunk and, through Vite's manifest, every chunk it imports statically (dynamic imports,
 * the game among them, load later).
 */
export function initialJs(dir: string): ChunkSize[] {
  return closureJs(dir, readManifest(dir), ['index.html']);
}

/** What a signed-in player's Mainframe needs: the login screen's JavaScript plus the game chunk (app.tsx). */
export function mainframeJs(dir: string): ChunkSize[] {
  const manifest = readManifest(dir);
  const game = Object.keys(manifest).find((key) => /^assets\/app-[^/]+\.js$/.test(manifest[key]!.file));
  if (!game) throw new Error('manifest has no game chunk (assets/app-*.js)');
  return closureJs(dir, manifest, ['index.html', game]);
}

/** Every JavaScript and CSS file of the built client, largest first. */
export function allChunks(dir: string): ChunkSize[] {
  const assets = join(dir, 'assets');
  return readdirSync(assets)
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => sizeOf(dir, `assets/${name}`))
    .sort((a, b) => b.raw - a.raw);
}

export function total(chunks: readonly ChunkSize[]): Omit<ChunkSize, 'file'> {
  return chunks.reduce((sum, c) => ({ raw: sum.raw + c.raw, gzip: sum.gzip + c.gzip, brotli: sum.brotli + c.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
}
