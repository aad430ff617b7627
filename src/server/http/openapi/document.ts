import { securePaths } from '../../../core/api/game';
import { idempotencyKeyRoutes } from '../../../core/api/idempotency';
import { scopeFor } from '../../../core/api/api-key-scopes';
import { csrfExemptPaths } from '../csrf';
import { isApiPath } from '../route-path';
import { apiDescription, components } from './notes';
import { openApiPath, operationOf, type RouteFacts, type SeenRoute } from './operation';

const secure = new Set<string>(securePaths);
const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
// Answered to anyone: signing in, the probe and this document. The webhook proves itself with its signature.
const publicRoutes = new Set([
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/payments/webhook',
  'GET /api/health',
  'GET /api/openapi.json',
]);

function factsOf(route: SeenRoute): RouteFacts {
  const key = `${route.method} ${route.url}`;
  return {
    secure: route.method === 'POST' && secure.has(route.url),
    csrf: !readMethods.has(route.method) && !csrfExemptPaths.has(route.url),
    public: publicRoutes.has(key),
    idempotencyKey: idempotencyKeyRoutes[key] ?? null,
    scope: route.method === 'GET' ? scopeFor(route.url) : null,
  };
}

/**
 * The OpenAPI 3.1 document of every /api route registered (ADR 077): routes that declare their contract
 * are described from their zod schemas; the others appear with their headers, security and a generic answer.
 */
export function buildOpenApiDocument(routes: readonly SeenRoute[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const sorted = [...routes]
    .filter((r) => isApiPath(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const path = openApiPath(route.url);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationOf(route, factsOf(route));
  }
  return {
    openapi: '3.1.1',
    info: { title: 'Bitbreach API', version, description: apiDescription },
    servers: [{ url: '/' }],
    paths,
    components,
    security: [{ session: [] }],
  };
}
