import { request } from 'node:http';

export interface OneShotAnswer {
  status: number;
  /** x-worker: which worker of a WORKERS=n server answered. */
  worker: string | undefined;
  /** x-served-by: which instance HAProxy sent it to (deploy/haproxy.cfg). */
  headersServedBy: string | undefined;
  body: string;
  /** Every response header, as Node gives them (lower-case names). */
  headers: Record<string, string | undefined>;
  json<T = any>(): T;
}

/**
 * One HTTP request on a connection of its own (no keep-alive), so a cluster's primary or a load
 * balancer places each request afresh: consecutive calls land on different workers.
 */
export function oneShot(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: {
    cookie?: string;
    csrfToken?: string;
    body?: unknown;
    timeoutMs?: number;
    headers?: Record<string, string>;
  } = {},
): Promise<OneShotAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.csrfToken) headers['x-csrf-token'] = options.csrfToken;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { method, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        const worker = res.headers['x-worker'];
        const servedBy = res.headers['x-served-by'];
        resolve({
          status: res.statusCode ?? 0,
          worker: typeof worker === 'string' ? worker : undefined,
          headersServedBy: typeof servedBy === 'string' ? servedBy : undefined,
          body,
          headers: Object.fromEntries(
            Object.entries(res.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
          ),
          json: () => JSON.parse(body),
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    // A connection handed to a process that just died gets no answer: fail it rather than hang the test.
    req.setTimeout(options.timeoutMs ?? 15_000, () =>
      req.destroy(new Error(`no answer to ${method} ${path} within ${options.timeoutMs ?? 15_000} ms`)),
    );
    req.end(payload);
  });
}

/** Fresh-connection requests until one lands on `worker` (the primary hands connections out in turn). */
export async function onWorker(worker: string, send: () => Promise<OneShotAnswer>): Promise<OneShotAnswer> {
  for (let i = 0; i < 20; i++) {
    const answer = await send();
    if (answer.worker === worker) return answer;
  }
  throw new Error(`no request landed on worker ${worker}`);
}
