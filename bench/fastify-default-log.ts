import type { FastifyInstance } from 'fastify';

/** Fastify's own request logging, as it was before ADR 070: two lines per request, with its req and res serializers. */
export function logLikeFastifyDefault(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request) => request.log.info({ req: request }, 'incoming request'));
  fastify.addHook('onResponse', async (request, reply) =>
    request.log.info({ res: reply, responseTime: reply.elapsedTime }, 'request completed'),
  );
}
