import { describe, expect, it } from 'vitest';
import {
  chatLine,
  desktop,
  newPage,
  newPlayer,
  registerViaUi,
  sendChat,
  unique,
  useGame,
  waitFor,
  waitForLiveLink,
} from './fixtures';

const game = useGame();

// What the client polls while its socket is down (spec §7 intervals); the session check always runs.
const fallbackPolls = ['/api/chat/messages', '/api/chat/unread', '/api/directories/unread', '/api/missions/status'];

describe('the live link', () => {
  it('polls nothing but the session check while the socket is up, and falls back to polling while it is down', async () => {
    const a = await newPage(game.browser, desktop);
    const b = await newPage(game.browser, desktop);
    // B's socket is refused every time it tries: its tab has to fall back to the spec's polling.
    await b.context.routeWebSocket(/\/ws$/, (ws) => ws.close({ code: 1011, reason: 'test: link down' }));
    await registerViaUi(a.page, game.server.url, newPlayer());
    await registerViaUi(b.page, game.server.url, newPlayer());
    await waitForLiveLink(a.page);
    await b.page.locator('.bb-chat__link:not(.is-live)').waitFor();
    await b.page.locator('.bb-shell__polling').waitFor();

    const calls = { a: [] as string[], b: [] as string[] };
    for (const [name, page] of [
      ['a', a.page],
      ['b', b.page],
    ] as const) {
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith('/api/') && path !== '/api/auth/user' && path !== '/api/auth/csrf-token')
          calls[name].push(path);
      });
    }
    // The window is B's own polling round: once B has polled every stream again, A (socket up) has
    // had the same time to poll and must not have.
    await waitFor(async () => fallbackPolls.every((path) => calls.b.includes(path)), 'B to poll every stream', 15_000);
    expect(calls.a).toEqual([]);

    const line = `over the fallback ${unique()}`;
    await sendChat(a.page, line);
    await chatLine(b.page, line).waitFor({ timeout: 8000 });
    await Promise.all([a.context.close(), b.context.close()]);
  });
});
