import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress';
import { buildTestApp, type TestApp } from '../support/app';

// What the build writes (scripts/precompress.ts, run by vite build) is what the server sends:
// a browser that accepts br gets the brotli copy, one that accepts only gzip the gzip copy.
describe('precompressed client files [pglite]', () => {
  let app: TestApp;
  let dir: string;
  const script = `export const screens = [${Array.from({ length: 200 }, (_, i) => `"screen-${i}"`).join(',')}];\n`;
  const shell = `<!doctype html><title>Bitbreach</title><div id="root"></div>${'<!-- padding -->'.repeat(64)}`;
  const hashedUrl = '/assets/index-Cq9xPz4A.js';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bitbreach-precompressed-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), shell);
    writeFileSync(join(dir, hashedUrl), script);
    writeFileSync(join(dir, 'assets', 'font-latin-400-normal-Dqn9ZSPj.woff2'), Buffer.alloc(4096, 7));
    await precompressDir(dir);
    app = await buildTestApp('pglite', { config: { staticDir: dir } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.fastify.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('writes .br and .gz beside text files, not beside fonts (already compressed)', () => {
    expect(brotliDecompressSync(readFileSync(join(dir, `${hashedUrl}.br`))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, `${hashedUrl}.gz`))).toString()).toBe(script);
    expect(() => readFileSync(join(dir, 'assets', 'font-latin-400-normal-Dqn9ZSPj.woff2.br'))).toThrow();
  });

  it('sends a hashed script as brotli to a browser that accepts br, immutable for a year', async () => {
    const res = await get(hashedUrl, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy to a browser that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gz = await get(hashedUrl, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary)).toMatch(/accept-encoding/i);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get(hashedUrl);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends the app shell compressed but revalidated every time (no-cache), at / and at client routes', async () => {
    for (const url of ['/', '/index.html', '/leaderboard']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(shell);
    }
  });
});
