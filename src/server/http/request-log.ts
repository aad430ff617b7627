import type { FastifyInstance } from 'fastify';
import { isShedReply } from './load-shed';

export interface RequestLogOptions {
  /** The share (0–1) of successful (< 400) requests whose line is written; 4xx and 5xx lines always are. */
  successSample: number;
  random?: () => number;
}

/**
 * One line per request, written when it completes (ADR 070): method, route, status and milliseconds,
 * under the request id pino's child logger already carries. Fastify's own request logging (two lines,
 * with the full request and response objects) is turned off in app.ts; errors are still logged in
 * full, stack included, by the error handler, under the same request id.
 */
export function registerRequestLog(app: FastifyInstance, options: RequestLogOptions): void {
  const random = options.random ?? Math.random;
  const sampled = options.successSample < 1;
  app.addHook('onResponse', async (request, reply) => {
    // Under overload a line per shed request would add to the load: bitbreach_http_shed_total counts them.
    if (isShedReply(reply)) return;
    const status = reply.statusCode;
    if (status < 400 && sampled && random() >= options.successSample) return;
    // The route's pattern, not the URL: no query string (or anything a player typed) reaches the log.
    const route = request.routeOptions.url ?? 'unmatched';
    const line = { method: request.method, route, status, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (status >= 500) request.log.error(line, 'request done');
    else request.log.info(line, 'request done');
  });
}
