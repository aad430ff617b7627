import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses, type ZodTypeProvider } from '../contracts';
import { buildOpenApiDocument } from './document';
import type { SeenRoute } from './operation';

export const openApiPath = '/api/openapi.json';
export const docsPath = '/docs';

/** The document as it is served: an object with the OpenAPI version and whatever else it holds. */
const OpenApiAnswer = z.looseObject({ openapi: z.string() });
/** The docs page's files are sent as bytes; the schema only says a 200 is the page itself. */
const DocsFile = z.string().meta({ description: 'The API docs page or one of its files.' });

// The viewer (swagger-ui-dist) is read from node_modules and served only under /docs, so the player's
// bundle never carries it; it loads with the same CSP as the game: its own script files, no inline script.
const require = createRequire(import.meta.url);
const viewerDir = dirname(require.resolve('swagger-ui-dist/package.json'));
const { version } = require('../../../../package.json') as { version: string };
const docsPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bitbreach API</title>
<link rel="stylesheet" href="${docsPath}/swagger-ui.css">
</head>
<body>
<div id="api-docs"></div>
<script src="${docsPath}/swagger-ui-bundle.js"></script>
<script src="${docsPath}/init.js"></script>
</body>
</html>
`;
const initScript = `window.ui = SwaggerUIBundle({ url: '${openApiPath}', dom_id: '#api-docs', deepLinking: true });\n`;

const docsFiles: Record<string, { type: string; load: () => Promise<Buffer | string> }> = {
  [docsPath]: { type: 'text/html; charset=utf-8', load: async () => docsPage },
  [`${docsPath}/init.js`]: { type: 'text/javascript; charset=utf-8', load: async () => initScript },
  [`${docsPath}/swagger-ui.css`]: {
    type: 'text/css; charset=utf-8',
    load: () => readFile(join(viewerDir, 'swagger-ui.css')),
  },
  [`${docsPath}/swagger-ui-bundle.js`]: {
    type: 'text/javascript; charset=utf-8',
    load: () => readFile(join(viewerDir, 'swagger-ui-bundle.js')),
  },
};

/**
 * `GET /api/openapi.json` and the `/docs` page (ADR 077). Every route registered after this call is seen
 * by the onRoute hook; the document is built once when the app is ready and served as the same string.
 */
export function registerApiDocs(app: FastifyInstance): void {
  const routes: SeenRoute[] = [];
  app.addHook('onRoute', ({ method, url, schema }) => {
    for (const m of [method].flat()) routes.push({ method: m, url, schema });
  });
  let document: string | null = null;
  app.addHook('onReady', async () => {
    // The game must start even if a contract cannot be described: the document then answers 500, and
    // openapi.int.test.ts (which builds the real app) fails long before that reaches a server.
    try {
      document = JSON.stringify(buildOpenApiDocument(routes, version));
    } catch (error) {
      app.log.error({ err: error }, 'openapi: the document could not be built');
    }
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  // A string payload with a JSON type is sent as it is: the compiled serializer never runs on it.
  api.get(openApiPath, { schema: { response: { 200: OpenApiAnswer, ...errorResponses } } }, async (_request, reply) => {
    if (document === null) throw new Error('the OpenAPI document was not built (see the start-up log)');
    return reply.type('application/json; charset=utf-8').send(document as never);
  });

  const loaded = new Map<string, Promise<Buffer | string>>();
  for (const [path, file] of Object.entries(docsFiles)) {
    api.get(path, { schema: { response: { 200: DocsFile } } }, async (_request, reply) => {
      // Read on the first visit only: most processes never serve the docs.
      // A failed read is not kept: the next visit tries again.
      if (!loaded.has(path))
        loaded.set(
          path,
          file.load().catch((error: unknown) => {
            loaded.delete(path);
            throw error;
          }),
        );
      return reply
        .type(file.type)
        .header('cache-control', path === docsPath ? 'no-cache' : 'public, max-age=3600')
        .send((await loaded.get(path)) as never);
    });
  }
}
