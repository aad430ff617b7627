import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { setFromPush } from './set-from-push';

/** A server whose answers the test releases one at a time, each read when its request arrives. */
function slowServer(initial: number) {
  let balance = initial;
  const waiting: (() => void)[] = [];
  return {
    set(next: number) {
      balance = next;
    },
    fetch: () =>
      new Promise<{ telnet: number }>((resolve) => {
        const read = { telnet: balance };
        waiting.push(() => resolve(read));
      }),
    answerAll() {
      for (const answer of waiting.splice(0)) answer();
    },
    get requests() {
      return waiting.length;
    },
  };
}

const key = ['/api/auth/user'] as const;
let stop = () => {};
afterEach(() => stop());

async function watched(server: ReturnType<typeof slowServer>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const observer = new QueryObserver(queryClient, { queryKey: key, queryFn: server.fetch });
  stop = observer.subscribe(() => {});
  await until(() => server.requests === 1);
  server.answerAll();
  await until(() => queryClient.getQueryData(key) !== undefined);
  return queryClient;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 1));
}

describe('a push into the cache', () => {
  it('is not overwritten by a fetch that read the server before the change it reports', async () => {
    const server = slowServer(0);
    const queryClient = await watched(server);
    // A reconnect refetches the player; the server reads the balance before the grant commits.
    void queryClient.invalidateQueries({ queryKey: key });
    await until(() => server.requests === 1);
    server.set(500);
    setFromPush<{ telnet: number }>(queryClient, key, { telnet: 500 });
    expect(queryClient.getQueryData(key)).toEqual({ telnet: 500 });
    // The stale answer arrives, and any fetch asked for after the push is answered too.
    await until(() => {
      server.answerAll();
      return queryClient.isFetching({ queryKey: key }) === 0;
    });
    expect(queryClient.getQueryData(key)).toEqual({ telnet: 500 });
  });

  it('fetches nothing when no fetch is in flight', async () => {
    const server = slowServer(0);
    const queryClient = await watched(server);
    setFromPush<{ telnet: number }>(queryClient, key, (cached) => ({ telnet: (cached?.telnet ?? 0) + 20 }));
    expect(queryClient.getQueryData(key)).toEqual({ telnet: 20 });
    expect(queryClient.isFetching({ queryKey: key })).toBe(0);
    expect(server.requests).toBe(0);
  });
});
