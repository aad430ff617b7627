import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { missionIds, missionProgress, missionTexts, type MissionId } from '../../src/core/rules/missions';
import { texts } from '../../src/core/texts';
import {
  decodeRowWithKeyboard,
  desktop,
  goViaMenu,
  newPage,
  newPlayer,
  openSystemMenu,
  phone,
  pingPrompt,
  pingType,
  registerViaUi,
  seriousAxeViolations,
  sendChat,
  snap,
  telnetShown,
  twoPlayers,
  waitFor,
  waitForLiveLink,
  useGame,
} from './fixtures';

const game = useGame();

const unique = () => Math.random().toString(36).slice(2, 8);
const chatLine = (page: Page, text: string) => page.getByTestId('chat-line').filter({ hasText: text });
const badge = (page: Page) => page.getByTestId('unread-badge');
const missionCount = (page: Page) => page.getByTestId('mission-panel').getByRole('progressbar', { name: 'MISSIONS' });

async function expectNoSeriousViolations(page: Page, screen: string) {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

describe('global chat between two players', () => {
  it('delivers a line to the other player within a second, without a reload, and keeps markup as text', async () => {
    const { a, b, close } = await twoPlayers(game.browser, game.server.url);
    let dialogs = 0;
    for (const page of [a.page, b.page]) {
      page.on('dialog', (dialog) => {
        dialogs += 1;
        void dialog.dismiss();
      });
    }
    await waitForLiveLink(a.page);
    await waitForLiveLink(b.page);

    const hello = `wake up, ${b.player.username} ${unique()}`;
    await sendChat(a.page, hello);
    // The send has returned; the other tab must show it within 1 s, from the socket alone.
    await chatLine(b.page, hello).waitFor({ timeout: 1000 });
    expect(await chatLine(a.page, hello).count()).toBe(1);
    expect(await chatLine(b.page, hello).textContent()).toContain(a.player.username);

    const script = '<script>alert(1)</script>';
    await sendChat(a.page, script);
    await chatLine(b.page, script).waitFor({ timeout: 1000 });
    expect(await chatLine(b.page, script).locator('.bb-chat__text').textContent()).toBe(script);
    expect(await b.page.locator('main script').count()).toBe(0);
    expect(dialogs).toBe(0);

    // B has the chat on screen, so it is marked read and the SYSTEM badge stays clear.
    await badge(b.page).waitFor({ state: 'detached' });
    await expectNoSeriousViolations(b.page, 'mainframe with chat');
    await snap(b.page, 'mainframe-chat-live');
    await close();
  });

  it('refuses an empty line, and shows the server’s words for a repeated one', async () => {
    const { context, page } = await newPage(game.browser, desktop);
    await registerViaUi(page, game.server.url, newPlayer());
    const box = page.getByLabel('Message the global chat');
    await box.fill('   ');
    expect(await page.getByRole('button', { name: 'SEND' }).isDisabled()).toBe(true);
    expect(await box.getAttribute('maxlength')).toBe('500');

    const line = `same old ${unique()}`;
    await sendChat(page, line);
    await box.fill(line);
    await box.press('Enter');
    await page.getByRole('alert').filter({ hasText: `Error: ${texts.messageRepeated}` }).waitFor();
    expect(await box.inputValue()).toBe(line);
    await context.close();
  });

  it('loads older lines when the reader scrolls to the top, keeping their place', async () => {
    const { context, page } = await newPage(game.browser, desktop);
    // A long channel, served page by page as the server does (oldest first, cursor to the older page).
    const message = (id: number) => ({
      id,
      userId: 999_000 + id,
      username: `Relay_${id}`,
      message: `archived line ${id}`,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, id)).toISOString(),
    });
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));
    await page.route('**/api/chat/messages*', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const before = new URL(route.request().url()).searchParams.get('before');
      await route.fulfill({
        json: before === '51' ? { messages: range(1, 50), nextBefore: null } : { messages: range(51, 100), nextBefore: 51 },
      });
    });
    await registerViaUi(page, game.server.url, newPlayer());
    const log = page.getByRole('log', { name: 'Global chat messages' });
    await chatLine(page, 'archived line 100').waitFor();
    expect(await chatLine(page, 'archived line 50').count()).toBe(0);
    // The newest line is in view: the log starts at the bottom.
    expect(await chatLine(page, 'archived line 100').isVisible()).toBe(true);

    await log.evaluate((el) => el.scrollTo({ top: 0 }));
    await chatLine(page, 'archived line 50').waitFor({ state: 'attached' });
    await log.getByText('── start of channel ──').waitFor({ state: 'attached' });
    // The line the reader was looking at (the old top) is still on screen after the older page came in above it.
    await waitFor(async () => {
      const [logBox, lineBox] = await Promise.all([log.boundingBox(), chatLine(page, 'archived line 51').boundingBox()]);
      return !!logBox && !!lineBox && lineBox.y >= logBox.y - 1 && lineBox.y < logBox.y + logBox.height;
    }, 'the old top line to stay in view');
    await context.close();
  });
});

describe('Ping between two players', () => {
  it('A pings B, B’s SYSTEM menu shows !, B reads it on /ping and the badge clears', async () => {
    const { a, b, close } = await twoPlayers(game.browser, game.server.url);
    await waitForLiveLink(b.page);
    await badge(b.page).waitFor({ state: 'detached' });

    await goViaMenu(a.page, 'PING');
    await a.page.getByRole('heading', { level: 1, name: 'PING' }).waitFor();
    const prompt = pingPrompt(a.page);

    // The spec's texts, verbatim.
    await pingType(a.page, 'cd');
    await a.page.getByText(texts.pingMissingUsername, { exact: true }).waitFor();
    await pingType(a.page, `cd ${a.player.username}`);
    await a.page.getByText(texts.pingSelf, { exact: true }).waitFor();
    await pingType(a.page, 'cd nobody_by_that_name');
    await a.page.getByText(texts.pingUserNotFound, { exact: true }).waitFor();
    await pingType(a.page, 'hack the planet');
    await a.page.getByText("command not found: hack. type 'help' for available commands").waitFor();

    // help is generated from the command table.
    await pingType(a.page, 'help');
    const help = a.page.getByRole('list', { name: 'Commands' }).last();
    for (const usage of ['help', 'ls', 'inbox', 'cd {username}', 'clear']) await help.getByText(usage, { exact: true }).waitFor();

    // ls lists operators with their online status; B is online.
    await pingType(a.page, 'ls');
    const listing = a.page.getByRole('log').getByRole('list', { name: 'Operators' }).last();
    await listing.getByText(b.player.username).waitFor();
    expect(await listing.getByRole('listitem').filter({ hasText: b.player.username }).textContent()).toContain('online');
    await snap(a.page, 'ping-directory');
    await expectNoSeriousViolations(a.page, 'ping directory mode');

    // Tab completes the username, ↑ recalls an earlier line.
    await prompt.fill(`cd ${b.player.username.slice(0, 6)}`);
    await prompt.press('Tab');
    await waitFor(async () => (await prompt.inputValue()).startsWith(`cd ${b.player.username.slice(0, 6)}`), 'a completion');
    await prompt.fill(`cd ${b.player.username.slice(0, -1)}`);
    await prompt.press('Tab');
    expect(await prompt.inputValue()).toBe(`cd ${b.player.username}`);
    await prompt.fill('');
    await prompt.press('ArrowUp');
    expect(await prompt.inputValue()).toBe('ls');

    await pingType(a.page, `cd ${b.player.username}`);
    await a.page.getByText(`── secure line ──`).waitFor();
    const secret = `meet me at the node ${unique()}`;
    await pingType(a.page, secret);
    await a.page.getByTestId('ping-message').filter({ hasText: secret }).waitFor();

    // B, on the Mainframe, sees the red '!' without a reload.
    await badge(b.page).waitFor({ timeout: 2000 });
    await openSystemMenu(b.page);
    await b.page.getByTestId('unread-ping').waitFor();
    await b.page.getByRole('dialog').getByRole('link', { name: /^PING/ }).click();
    await b.page.getByRole('heading', { level: 1, name: 'PING' }).waitFor();
    await pingType(b.page, `cd ${a.player.username}`);
    await b.page.getByTestId('ping-message').filter({ hasText: secret }).waitFor();
    await badge(b.page).waitFor({ state: 'detached' });

    // A reply comes back live to A's open line.
    const reply = `on my way ${unique()}`;
    await pingType(b.page, reply);
    await a.page.getByTestId('ping-message').filter({ hasText: reply }).waitFor({ timeout: 1000 });
    await expectNoSeriousViolations(a.page, 'ping chat mode');
    await snap(a.page, 'ping-chat');

    await pingType(a.page, 'exit');
    await a.page.getByText(`line to ${b.player.username} closed`).waitFor();
    await close();
  });
});

describe('missions', () => {
  it('completing send_global_chat moves the panel on and credits 10 Telnet, once', async () => {
    const { context, page } = await newPage(game.browser, desktop);
    await registerViaUi(page, game.server.url, newPlayer());
    const count = missionCount(page);
    await waitFor(async () => (await count.getAttribute('aria-valuetext')) === '0/8', 'the mission status');
    expect(await page.getByTestId('mission-title').textContent()).toBe('DECODE THE SIGNAL');
    expect(await page.getByTestId('mission-panel').getByText('10 TELNET').count()).toBe(1);
    await page.getByRole('button', { name: 'INSTRUCTIONS' }).click();
    await page.getByText('Type the digits shown with the 0 and 1 keys, or tap the on-screen buttons.').waitFor();
    await snap(page, 'mainframe-missions');

    // No decoding in between: the only Telnet this can bring is the mission's.
    const before = await telnetShown(page);
    await sendChat(page, `first words ${unique()}`);
    await waitFor(async () => (await count.getAttribute('aria-valuetext')) === '1/8', 'the mission count to move to 1/8');
    await waitFor(async () => (await telnetShown(page)) === before + 10, 'Telnet to rise by 10');
    await sendChat(page, `second words ${unique()}`);
    await page.waitForTimeout(500);
    expect(await telnetShown(page)).toBe(before + 10);

    // Decoding a row earns clear_binary_row; the panel moves to the next mission in spec order.
    // (The chat box has focus, where 0 and 1 are text: step out of it first, as a player would.)
    await page.getByTestId('binary-panel').click({ position: { x: 10, y: 10 } });
    await decodeRowWithKeyboard(page);
    await waitFor(async () => (await count.getAttribute('aria-valuetext')) === '2/8', 'the mission count to move to 2/8');
    expect(await page.getByTestId('mission-title').textContent()).toBe('CRACK THE BLOCKCHAIN');

    // MISSION/HIDE folds the briefing.
    await page.getByTestId('mission-panel').getByRole('button', { name: 'HIDE' }).click();
    await page.getByText('Missions hidden.').waitFor();
    await page.getByTestId('mission-panel').getByRole('button', { name: 'MISSION' }).click();
    await page.getByTestId('mission-title').waitFor();
    await context.close();
  });
  it('shows MISSION ACCOMPLISHED when the last one completes, and hides the panel (status pushed by a mocked socket: five missions land later)', async () => {
    const { context, page } = await newPage(game.browser, desktop);
    const statusOf = (done: readonly MissionId[]) => {
      const p = missionProgress(done);
      const current = p.currentMission;
      return {
        showMissions: !p.allMissionsCompleted,
        currentMission: current ? { id: current, ...missionTexts[current], instructions: [...missionTexts[current].instructions] } : null,
        completedMissions: p.completedMissions,
        totalMissions: p.totalMissions,
        allMissionsCompleted: p.allMissionsCompleted,
      };
    };
    // The server says one mission is left; then the (mocked) socket pushes the status with none left.
    await page.route('**/api/missions/status', (route) => route.fulfill({ json: statusOf(missionIds.slice(0, 7)) }));
    const sockets: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/ws$/, (ws) => void sockets.push(ws));
    await registerViaUi(page, game.server.url, newPlayer());
    await waitFor(async () => (await missionCount(page).getAttribute('aria-valuetext')) === '7/8', 'seven missions done');
    await waitForLiveLink(page);
    sockets.at(-1)?.send(JSON.stringify({ t: 'missions.statusChanged', d: statusOf(missionIds), v: 1 }));
    const dialog = page.getByRole('dialog', { name: 'MISSION ACCOMPLISHED' });
    await dialog.waitFor();
    expect(await dialog.getByText('10 TELNET').count()).toBe(1);
    await expectNoSeriousViolations(page, 'mission accomplished dialog');
    await snap(page, 'mission-accomplished', { fullPage: false });
    await dialog.getByRole('button', { name: 'CONTINUE HACKING' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('mission-panel').count()).toBe(0);
    await context.close();
  });
});

describe('on a phone (390×844)', () => {
  it('shows the chat on the CHAT tab and Ping in one column', async () => {
    const { a, b, close } = await twoPlayers(game.browser, game.server.url, phone);
    await waitForLiveLink(b.page);
    const line = `from the street ${unique()}`;
    for (const page of [a.page, b.page]) await page.getByRole('tab', { name: 'CHAT' }).tap();
    await sendChat(a.page, line);
    await chatLine(b.page, line).waitFor({ timeout: 1000 });
    expect(await b.page.getByTestId('current-row').isVisible()).toBe(false);
    await snap(b.page, 'mainframe-chat-live');
    await b.page.getByRole('tab', { name: 'MAINFRAME' }).tap();
    await b.page.getByTestId('mission-panel').waitFor();
    await snap(b.page, 'mainframe-missions');

    await goViaMenu(a.page, 'PING');
    await pingType(a.page, 'ls');
    await a.page.getByRole('log').getByText(b.player.username).waitFor();
    await snap(a.page, 'ping-directory');
    await expectNoSeriousViolations(a.page, 'ping on a phone');
    await pingType(a.page, `cd ${b.player.username}`);
    await pingType(a.page, `pocket relay ${unique()}`);
    await a.page.getByTestId('ping-message').first().waitFor();
    await snap(a.page, 'ping-chat');
    expect(await a.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await close();
  });
});

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
    for (const [name, page] of [['a', a.page], ['b', b.page]] as const) {
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith('/api/') && path !== '/api/auth/user' && path !== '/api/auth/csrf-token') calls[name].push(path);
      });
    }
    await a.page.waitForTimeout(6000);
    expect(calls.a).toEqual([]);
    expect(calls.b).toEqual(expect.arrayContaining(['/api/chat/messages', '/api/chat/unread', '/api/directories/unread', '/api/missions/status']));

    const line = `over the fallback ${unique()}`;
    await sendChat(a.page, line);
    await chatLine(b.page, line).waitFor({ timeout: 8000 });
    await Promise.all([a.context.close(), b.context.close()]);
  });

  it('signs out the other tabs of a session at once when one logs out', async () => {
    const { context, page } = await newPage(game.browser, desktop);
    await registerViaUi(page, game.server.url, newPlayer());
    const other = await context.newPage();
    await other.goto(`${game.server.url}/ping`);
    await other.getByRole('heading', { level: 1, name: 'PING' }).waitFor();
    await waitForLiveLink(page);
    await other.locator('.bb-shell__online').waitFor();
    await openSystemMenu(page);
    await page.getByRole('button', { name: 'LOGOUT' }).click();
    await page.getByRole('button', { name: 'CONNECT' }).waitFor();
    // session.ended closes the other tab's socket (4001) and it signs out, well inside the 5 s check.
    await other.getByRole('button', { name: 'CONNECT' }).waitFor({ timeout: 3000 });
    expect(new URL(other.url()).pathname).toBe('/');
    await context.close();
  });
});
