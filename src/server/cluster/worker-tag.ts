import type { FastifyInstance } from 'fastify';

/**
 * WORKERS=n: every answer, the socket upgrade's included, says which worker (1, 2, …, in start
 * order; a replaced worker gets the next number) served it, in `x-worker`. Operators see where a
 * request went; the cluster test checks that an event crossed from one worker to another.
 */
export function tagAnswersWithWorker(fastify: FastifyInstance, workerId: number): void {
  const value = String(workerId);
  // onSend, not onRequest: an answer refused by an earlier onRequest hook (a revoked API key's 401) is tagged too.
  fastify.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-worker', value);
    return payload;
  });
  fastify.websocketServer.on('headers', (headers: string[]) => headers.push(`x-worker: ${value}`));
}
