import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

// node:http with a keep-alive Agent: no dependency, and at a few thousand requests per second its
// client-side cost is small next to the server's (the bench reports its own CPU to prove it).

export interface Target {
  port: number;
  agent: http.Agent;
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string | undefined;
}

const host = '127.0.0.1';

export function createTarget(port: number, maxSockets: number): Target {
  return { port, agent: new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets }) };
}

/** Sends one request; the body is read only when asked for, otherwise drained unread. */
export function send(
  target: Target,
  method: 'GET' | 'POST',
  path: string,
  options: { headers?: http.OutgoingHttpHeaders; body?: string; wantBody?: boolean; timeoutMs: number },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { ...options.headers };
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(options.body);
    }
    const request = http.request(
      { host, port: target.port, method, path, agent: target.agent, headers },
      (response) => {
        const chunks: Buffer[] = [];
        if (options.wantBody) response.on('data', (chunk: Buffer) => chunks.push(chunk));
        else response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: options.wantBody ? Buffer.concat(chunks).toString('utf8') : undefined,
          }),
        );
        response.on('error', reject);
      },
    );
    request.setTimeout(options.timeoutMs, () => request.destroy(new Error(`timeout after ${options.timeoutMs} ms`)));
    request.on('error', reject);
    request.end(options.body);
  });
}

/** send(), resending a shed answer (503 + Retry-After, ADR 072) after the hint with jitter, as the client does. */
export async function sendResendingShed(
  target: Target,
  method: 'GET' | 'POST',
  path: string,
  options: Parameters<typeof send>[3],
  maxResends = 10,
): Promise<Reply> {
  let reply = await send(target, method, path, options);
  for (let resends = 0; reply.status === 503 && reply.headers['x-shed'] && resends < maxResends; resends++) {
    await sleep(Number(reply.headers['retry-after'] ?? 1) * 1000 * (1 + Math.random() / 2));
    reply = await send(target, method, path, options);
  }
  return reply;
}
