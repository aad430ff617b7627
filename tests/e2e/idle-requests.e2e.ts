import { describe, expect, it } from 'vitest';
import { infra } from '../../src/core/infra';
import { desktop, newPage, newPlayer, registerViaUi, useGame, waitFor, waitForLiveLink } from './fixtures';

const game = useGame();

// The spec's 5 s session check rides on the socket while it is up.
describe('an idle tab', () => {
  it('makes no HTTP request at all while its socket is up, and checks the session by HTTP again once the socket is down', async () => {
    const idle = await newPage(game.browser, desktop);
    const cut = await newPage(game.browser, desktop);
    // This tab's socket is refused every time: the session check must fall back to HTTP.
    await cut.context.routeWebSocket(/\/ws$/, (ws) => ws.close({ code: 1011, reason: 'test: link down' }));
    await registerViaUi(idle.page, game.server.url, newPlayer());
    await registerViaUi(cut.page, game.server.url, newPlayer());
    await waitForLiveLink(idle.page);
    await cut.page.locator('.bb-shell__polling').waitFor();

    const requests = { idle: [] as string[], cut: [] as string[] };
    idle.page.on('request', (r) => requests.idle.push(new URL(r.url()).pathname));
    cut.page.on('request', (r) => requests.cut.push(new URL(r.url()).pathname));
    // Three checks by the socket-less tab: at least two whole session-check periods have passed for
    // the idle tab too, measured by the page's own timer rather than a fixed sleep here.
    await waitFor(
      async () => requests.cut.filter((p) => p === '/api/auth/user').length >= 3,
      'the tab without a socket to check its session by HTTP',
      infra.sessionCheckMs * 6,
    );
    expect(requests.idle).toEqual([]);
    await Promise.all([idle.context.close(), cut.context.close()]);
  });
});
