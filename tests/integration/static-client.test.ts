import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';

describe('serving the built client [pglite]', () => {
  let app: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bitbreach-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Bitbreach</title><div id="root">login splash</div>');
    writeFileSync(
      join(dir, 'signed-in.html'),
      '<!doctype html><title>Bitbreach</title><div id="root">game frame</div>',
    );
    mkdirSync(join(dir, 'signed-in'));
    writeFileSync(
      join(dir, 'signed-in', 'index.html'),
      '<!doctype html><title>Bitbreach</title><div id="root">mainframe frame</div>',
    );
    writeFileSync(
      join(dir, 'signed-in', 'inventory.html'),
      '<!doctype html><title>Bitbreach</title><div id="root">inventory frame</div>',
    );
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'index-8a2a2Buo.js'), 'console.log(2)');
    writeFileSync(join(dir, 'assets', 'index-8a2a2Buo.js.gz'), gzipSync('console.log(2)'));
    app = await buildTestApp('pglite', { config: { staticDir: dir } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/', '/leaderboard', '/guide', '/no/such/page'])(
    'loads the app shell at %s (the client routes it)',
    async (url) => {
      const res = await app.fastify.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(String(res.headers['content-security-policy'])).toContain("object-src 'none'");
    },
  );

  it("sends a returning player (a session cookie) the screen's own frame, everyone else the login splash, and tells caches so", async () => {
    const frames: Record<string, string> = {
      '/': 'mainframe frame',
      '/inventory': 'inventory frame',
      '/inventory/?tab=cores': 'inventory frame',
      '/kernel?x=10': 'game frame',
      '/no-such-screen': 'game frame',
    };
    for (const [url, frame] of Object.entries(frames)) {
      const returning = await app.fastify.inject({ method: 'GET', url, cookies: { bb_session: 'anything' } });
      expect([returning.statusCode, returning.body], url).toEqual([200, expect.stringContaining(frame)]);
      const visitor = await app.fastify.inject({ method: 'GET', url });
      expect([visitor.statusCode, visitor.body], url).toEqual([200, expect.stringContaining('login splash')]);
      expect(String(visitor.headers.vary)).toContain('Cookie');
      expect(String(returning.headers.vary)).toContain('Cookie');
    }
  });

  it('serves assets, and unknown API paths still get a JSON 404', async () => {
    expect((await app.fastify.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    const api = await app.fastify.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found: GET /api/nope' });
  });

  it('keeps content-hashed assets a year, revalidates the shell, and sends the precompressed copy to who accepts it', async () => {
    const hashed = await app.fastify.inject({
      method: 'GET',
      url: '/assets/index-8a2a2Buo.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers['content-encoding']).toBe('gzip');
    const plain = await app.fastify.inject({ method: 'GET', url: '/assets/index-8a2a2Buo.js' });
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, 'console.log(2)']);
    expect((await app.fastify.inject({ method: 'GET', url: '/assets/app.js' })).headers['cache-control']).toBe(
      'no-cache',
    );
    expect((await app.fastify.inject({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache');
  });
});
