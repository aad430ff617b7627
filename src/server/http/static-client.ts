import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { answersWithAppShell, appShellPage, builtScreenPages } from './app-shell-fallback';
import { notFoundBody } from './errors';
import { sessionCookieName } from './session';

/**
 * The built client (ADR 041), when `staticDir` holds one, and the answer to every unknown path: a screen
 * path gets the app's page that fits the visitor (ADR 076), anything else a JSON 404.
 */
export async function registerStaticClient(fastify: FastifyInstance, staticDir: string | null): Promise<void> {
  const servesClient = staticDir !== null && existsSync(join(staticDir, 'index.html'));
  const screenPages = servesClient ? builtScreenPages(staticDir) : new Set<string>();
  if (servesClient) {
    await fastify.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      // '/' is answered below with the page that fits the visitor (appShellPage), not always index.html.
      index: false,
      // file.br / file.gz next to a file are sent to browsers that accept them.
      preCompressed: true,
      cacheControl: false,
      // Vite names assets by content hash: they never change, so browsers keep them a year. The shell
      // (index.html) is revalidated every time so a deploy is seen at once.
      setHeaders: (res, path) => {
        const hashed = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}(\.[a-z0-9]+)+$/.test(path);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The body depends on Accept-Encoding (the .br/.gz copies): caches must keep them apart.
        // The app's page also depends on whether a session cookie came with the request (ADR 076).
        res.setHeader(
          'vary',
          /[\\/](index|signed-in)\.html$|[\\/]signed-in[\\/]/.test(path)
            ? 'Accept-Encoding, Cookie'
            : 'Accept-Encoding',
        );
      },
    });
  }
  fastify.setNotFoundHandler((request, reply) => {
    // Client-side routes (/leaderboard, unknown paths for the 404 screen) all load the app shell;
    // a missing file is a real 404.
    if (servesClient && answersWithAppShell(request.method, request.url))
      return reply.sendFile(appShellPage(request.url, request.cookies[sessionCookieName], screenPages));
    return reply.status(404).send(notFoundBody(request.method, request.url));
  });
}
