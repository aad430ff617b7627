import type { FastifyInstance } from 'fastify';

/**
 * WORKERS=n: every answer, the socket upgrade's included, says which worker (1, 2, …, in start
 * order; a replaced worker gets the next number) served it, in `x-worker`. Operators see where a
 * request went; the cluster test checks that an event crossed from one worker to another.
 */
export function tagAnswersWithWorker(fastify: FastifyInstance, workerId: number): void {
  const value = String(workerId);
  fastify.addHook('onRequest', async (_request, reply) => {
    reply.header('x-worker', value);
  });
  fastify.websocketServer.on('headers', (headers: string[]) => headers.push(`x-worker: ${value}`));
}
