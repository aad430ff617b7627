import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; fonts (woff/woff2) and images are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Below this a compressed copy saves less than the encoding header costs. */
const minBytes = 512;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Writes file.br and file.gz beside every compressible file of a built client, at the highest
 * levels: it runs once per build, and @fastify/static (preCompressed) then sends them without
 * compressing per request. A copy that comes out no smaller than the original is not written.
 */
export async function precompressDir(dir: string): Promise<{ files: number }> {
  let files = 0;
  for (const file of await filesUnder(dir)) {
    if (!compressible.test(file)) continue;
    const raw = await readFile(file);
    if (raw.length < minBytes) continue;
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzipAsync(raw, { level: 9 }),
    ]);
    if (br.length < raw.length) await writeFile(`${file}.br`, br);
    if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
    files++;
  }
  return { files };
}

/** The Vite build step: precompress the output directory once everything is written. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'bitbreach-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
