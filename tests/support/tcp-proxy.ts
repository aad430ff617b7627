import { createServer, connect, type Socket } from 'node:net';

/** A TCP proxy the test can cut and restore: a network outage between one instance and Redis. */
export interface TcpProxy {
  /** redis://127.0.0.1:<proxy port>, for the instance behind this proxy. */
  url: string;
  /** Drops every open connection and refuses new ones until restore(). */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const open = new Set<Socket>();
  let up = true;
  const server = createServer((client) => {
    if (!up) return void client.destroy();
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        open.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `${target.protocol}//${target.username ? `${target.username}:${target.password}@` : ''}127.0.0.1:${port}${target.pathname}`,
    cut() {
      up = false;
      for (const socket of open) socket.destroy();
    },
    restore() {
      up = true;
    },
    close() {
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
