import { describe, expect, it } from 'vitest';
import { helpRows } from '../../src/core/terminal/command-line';
import { pingCommands } from '../../src/core/terminal/ping-commands';
import { texts } from '../../src/core/texts';
import {
  expectNoSeriousViolations,
  goViaMenu,
  openSystemMenu,
  phone,
  pingPrompt,
  pingType,
  snap,
  twoPlayers,
  unique,
  unreadBadge,
  useGame,
  waitFor,
  waitForLiveLink,
} from './fixtures';

const game = useGame();

describe('Ping between two players', () => {
  it('A pings B, B’s SYSTEM menu shows !, B reads it on /ping and the badge clears', async () => {
    const { a, b, close } = await twoPlayers(game.browser, game.server.url);
    await waitForLiveLink(b.page);
    await unreadBadge(b.page).waitFor({ state: 'detached' });

    await goViaMenu(a.page, texts.shell.menu.ping);
    await a.page.getByRole('heading', { level: 1, name: texts.ping.title }).waitFor();
    const prompt = pingPrompt(a.page);

    // The spec's texts, verbatim.
    await pingType(a.page, 'cd');
    await a.page.getByText(texts.pingMissingUsername, { exact: true }).waitFor();
    await pingType(a.page, `cd ${a.player.username}`);
    await a.page.getByText(texts.pingSelf, { exact: true }).waitFor();
    await pingType(a.page, 'cd nobody_by_that_name');
    await a.page.getByText(texts.pingUserNotFound, { exact: true }).waitFor();
    await pingType(a.page, 'hack the planet');
    await a.page.getByText(texts.commandNotFound.replace('{cmd}', 'hack')).waitFor();

    // help is generated from the command table.
    await pingType(a.page, 'help');
    const help = a.page.getByRole('list', { name: texts.ping.commandsList }).last();
    for (const { usage } of helpRows(pingCommands, 'directory')) await help.getByText(usage, { exact: true }).waitFor();

    // ls lists operators with their online status; B is online.
    await pingType(a.page, 'ls');
    const listing = a.page.getByRole('log').getByRole('list', { name: texts.ping.operatorsList }).last();
    await listing.getByText(b.player.username).waitFor();
    expect(await listing.getByRole('listitem').filter({ hasText: b.player.username }).textContent()).toContain(
      'online',
    );
    await snap(a.page, 'ping-directory');
    await expectNoSeriousViolations(a.page, 'ping directory mode');

    // Tab completes the username, ↑ recalls an earlier line.
    await prompt.fill(`cd ${b.player.username.slice(0, 6)}`);
    await prompt.press('Tab');
    await waitFor(
      async () => (await prompt.inputValue()).startsWith(`cd ${b.player.username.slice(0, 6)}`),
      'a completion',
    );
    await prompt.fill(`cd ${b.player.username.slice(0, -1)}`);
    await prompt.press('Tab');
    expect(await prompt.inputValue()).toBe(`cd ${b.player.username}`);
    await prompt.fill('');
    await prompt.press('ArrowUp');
    expect(await prompt.inputValue()).toBe('ls');

    await pingType(a.page, `cd ${b.player.username}`);
    await a.page.getByText(texts.ping.secureLine.trim()).waitFor();
    const secret = `meet me at the node ${unique()}`;
    await pingType(a.page, secret);
    await a.page.getByTestId('ping-message').filter({ hasText: secret }).waitFor();

    // B, on the Mainframe, sees the red '!' without a reload.
    await unreadBadge(b.page).waitFor();
    await openSystemMenu(b.page);
    await b.page.getByTestId('unread-ping').waitFor();
    await b.page
      .getByRole('dialog')
      .getByRole('link', { name: new RegExp(`^${texts.shell.menu.ping}`) })
      .click();
    await b.page.getByRole('heading', { level: 1, name: texts.ping.title }).waitFor();
    await pingType(b.page, `cd ${a.player.username}`);
    await b.page.getByTestId('ping-message').filter({ hasText: secret }).waitFor();
    await unreadBadge(b.page).waitFor({ state: 'detached' });

    // A reply comes back live to A's open line.
    const reply = `on my way ${unique()}`;
    await pingType(b.page, reply);
    await a.page.getByTestId('ping-message').filter({ hasText: reply }).waitFor();
    await expectNoSeriousViolations(a.page, 'ping chat mode');
    await snap(a.page, 'ping-chat');

    await pingType(a.page, 'exit');
    await a.page.getByText(texts.ping.lineClosed(b.player.username)).waitFor();
    await close();
  });
});

describe('Ping on a phone (390×844)', () => {
  it('lists operators and holds a private line in one column, without sideways scrolling', async () => {
    const { a, b, close } = await twoPlayers(game.browser, game.server.url, phone);
    await goViaMenu(a.page, texts.shell.menu.ping);
    await pingType(a.page, 'ls');
    await a.page.getByRole('log').getByText(b.player.username).waitFor();
    await snap(a.page, 'ping-directory');
    await expectNoSeriousViolations(a.page, 'ping on a phone');
    await pingType(a.page, `cd ${b.player.username}`);
    await pingType(a.page, `pocket relay ${unique()}`);
    await a.page.getByTestId('ping-message').first().waitFor();
    await snap(a.page, 'ping-chat');
    expect(
      await a.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await close();
  });
});
