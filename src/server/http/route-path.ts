import type { FastifyRequest } from 'fastify';

/**
 * The path a hook should judge a request by: the matched route's pattern (the router decodes
 * %-escapes, so `/api/game/tap%2Dbatch` IS the tap-batch route), or, when no route matched, the
 * decoded path. Never `request.url`: comparing the raw URL let an escaped path skip a hook.
 */
export function routePath(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route !== undefined) return route;
  const raw = request.url.split('?')[0]!;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Whether the request is for the JSON API (a route under /api/, or an unmatched path there). */
export function isApiPath(path: string): boolean {
  return path.startsWith('/api/');
}
