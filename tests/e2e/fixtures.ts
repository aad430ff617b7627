import { mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { texts } from '../../src/core/texts';
import type { Role } from '../../src/core/api/admin';
import { runRoleCommand } from '../../src/server/features/admin/role-command';
import { createGrantService, type GrantRequest } from '../../src/server/features/grant/service';
import { scriptedRandom, type ScriptedRandom } from '../support/random';
import { eq } from 'drizzle-orm';
import type { MissionId } from '../../src/core/rules/missions';
import { users } from '../../src/server/db/schema';
import { insertCompletion } from '../../src/server/features/missions/store';
import { startTestServer } from '../support/server';

/** Debian's Chromium, never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface GameServer {
  url: string;
  close(): Promise<void>;
  /**
   * Gives a player Telnet, experience, gear or a core through the operator grant service (the same
   * wallet, inventory and ledger as `npm run grant`) on the test server's own database; the player's
   * open screens hear of it on the socket (user.updated, inventory.changed).
   */
  grant(request: GrantRequest): Promise<{ gearIds: number[]; coreIds: number[] }>;
  /** The server's random source: queue() the draws the next action makes (see tests/support/random.ts). */
  random: ScriptedRandom;
  /** Gives a player a console role the way `npm run role` does (same service, audited as cli:role). */
  setRole(loginId: string, role: Role): Promise<void>;
  /** Records missions as done (no reward): a state to start a screen from, not a way to play them. */
  markMissionsDone(loginId: string, missionIds: readonly MissionId[]): Promise<void>;
}

/**
 * The whole game on a real port. BB_E2E_URL points the tests at a server that is already running
 * (for example `vite preview` in front of a dev server) instead of starting one.
 */
export async function startGame(): Promise<GameServer> {
  const random = scriptedRandom();
  const external = process.env.BB_E2E_URL;
  if (external) {
    const inProcessOnly = () =>
      Promise.reject(new Error('grants and scripted randomness need the in-process test server (unset BB_E2E_URL)'));
    return {
      url: external.replace(/\/$/, ''),
      close: async () => {},
      grant: inProcessOnly,
      setRole: inProcessOnly,
      markMissionsDone: inProcessOnly,
      random,
    };
  }
  const server = await startTestServer({ accountsPerIp: 0, random });
  const grants = createGrantService({ database: server.database, bus: server.app.realtime.bus });
  return {
    url: server.url.replace(/\/$/, ''),
    close: () => server.close(),
    random,
    async grant(request) {
      const result = await grants.grant(request);
      if (result.kind !== 'granted') throw new Error(`grant to ${request.loginId} refused: ${result.kind}`);
      return result;
    },
    async setRole(loginId, role) {
      const outcome = await runRoleCommand({ database: server.database, now: Date.now }, [loginId, role]);
      if (outcome.kind !== 'set') throw new Error(`role for ${loginId} refused: ${outcome.kind}`);
    },
    async markMissionsDone(loginId, missionIds) {
      const { db } = server.database;
      const [player] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, loginId)).limit(1);
      if (!player) throw new Error(`no player ${loginId}`);
      for (const id of missionIds) await insertCompletion(db, player.id, id, new Date());
    },
  };
}

/** The game and Chromium, started once for a test file and stopped after it. */
export function useGame(): { readonly server: GameServer; readonly browser: Browser } {
  const game = {} as { server: GameServer; browser: Browser };
  beforeAll(async () => {
    game.server = await startGame();
    game.browser = await launchBrowser();
  });
  afterAll(async () => {
    await game.browser?.close();
    await game.server?.close();
  });
  return game;
}

export const desktop = { width: 1280, height: 800 } as const;
export const phone = { width: 390, height: 844 } as const;

export async function newPage(browser: Browser, viewport: { width: number; height: number } = desktop) {
  const context: BrowserContext = await browser.newContext({
    viewport,
    hasTouch: viewport.width < 768,
    isMobile: viewport.width < 768,
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  return { context, page };
}

export interface Player {
  loginId: string;
  username: string;
  password: string;
}

let counter = 0;

/** A player nobody has used: unique login ID and username within the 20-character limits. */
export function newPlayer(overrides: Partial<Player> = {}): Player {
  counter += 1;
  const tag = `${Date.now().toString(36).slice(-5)}${counter}${Math.random().toString(36).slice(2, 5)}`;
  return { loginId: `op_${tag}`, username: `Neo_${tag}`, password: 'Jack1n!pass', ...overrides };
}

/** Registers through the login screen, as a player would, and waits for the Mainframe. */
export async function registerViaUi(page: Page, baseUrl: string, player: Player): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('tab', { name: texts.auth.registerTab }).click();
  await page.getByLabel(texts.auth.loginIdLabel, { exact: true }).fill(player.loginId);
  await page.getByLabel(texts.auth.usernameLabel, { exact: true }).fill(player.username);
  await page.getByLabel(texts.auth.passwordLabel, { exact: true }).fill(player.password);
  await page.getByLabel(texts.auth.confirmPasswordLabel, { exact: true }).fill(player.password);
  await page.getByRole('button', { name: texts.auth.initialize }).click();
  await page.getByRole('heading', { level: 1, name: texts.mainframe.title }).waitFor();
}

/** A test file's game as useGame() gives it: the browser, and the server's address and grant. */
export interface Game {
  readonly browser: Browser;
  readonly server: Pick<GameServer, 'url' | 'grant'>;
}

/**
 * A new player registered through the login screen, as a player would, in a browser context of their
 * own, waiting on the Mainframe; with `telnet`, then given that much through the operator grant.
 */
export async function signedInPage(
  game: Game,
  viewport: { width: number; height: number } = desktop,
  { player = newPlayer(), telnet }: { player?: Player; telnet?: number } = {},
) {
  const { context, page } = await newPage(game.browser, viewport);
  await registerViaUi(page, game.server.url, player);
  if (telnet !== undefined) await game.server.grant({ loginId: player.loginId, telnet });
  return { context, page, player };
}

/** Fills the login screen and presses CONNECT; the caller waits for what the player lands on. */
export async function submitLoginViaUi(page: Page, baseUrl: string, player: Player): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel(texts.auth.loginIdLabel, { exact: true }).fill(player.loginId);
  await page.getByLabel(texts.auth.passwordLabel, { exact: true }).fill(player.password);
  await page.getByRole('button', { name: texts.auth.connect }).click();
}

/** Logs in through the login screen and waits for the Mainframe. */
export async function loginViaUi(page: Page, baseUrl: string, player: Player): Promise<void> {
  await submitLoginViaUi(page, baseUrl, player);
  await page.getByRole('heading', { level: 1, name: texts.mainframe.title }).waitFor();
}

export async function currentRow(page: Page): Promise<string> {
  const text = (await page.getByTestId('current-row').textContent()) ?? '';
  if (!/^[01]{15}$/.test(text)) throw new Error(`current row is not 15 digits: '${text}'`);
  return text;
}

export async function decodesShown(page: Page): Promise<number> {
  return Number(((await page.getByTestId('decodes').textContent()) ?? '').replace(/,/g, ''));
}

/** Reads the current row and types it on the keyboard; waits until the decode is counted. */
export async function decodeRowWithKeyboard(page: Page): Promise<void> {
  const before = await decodesShown(page);
  for (const digit of await currentRow(page)) await page.keyboard.press(digit);
  await waitFor(async () => (await decodesShown(page)) === before + 1, 'decodes to go up by one');
}

/** Same, with the on-screen 0 and 1 buttons (phones). */
export async function decodeRowWithButtons(page: Page): Promise<void> {
  const before = await decodesShown(page);
  for (const digit of await currentRow(page)) await page.getByRole('button', { name: digit, exact: true }).tap();
  await waitFor(async () => (await decodesShown(page)) === before + 1, 'decodes to go up by one');
}

export async function openSystemMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: texts.shell.system }).click();
  await page.getByRole('dialog', { name: texts.shell.system }).waitFor();
}

export async function goViaMenu(page: Page, label: string): Promise<void> {
  await openSystemMenu(page);
  await page.getByRole('dialog').getByRole('link', { name: label, exact: true }).click();
}

/** Polls a condition (the UI updates asynchronously); fails with `what` after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Fails with axe-core's serious and critical findings on the page as it is now, naming the screen. */
export async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/**
 * axe-core's serious and critical findings on the page once its entry animations are over: a dialog fading
 * in has its text at part opacity, which axe measures as low contrast (on a quiet machine it scans mid-fade).
 */
export async function seriousAxeViolations(page: Page) {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

const screenshotDir = 'test-results/screenshots';

/** Saves a screenshot for a human to look at (test-results/ is gitignored): the full page, or what a dialog covers. */
export async function snap(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  const { width, height } = page.viewportSize() ?? desktop;
  await settleAnimations(page);
  await page.screenshot({ path: `${screenshotDir}/${name}-${width}x${height}.png`, fullPage });
}

/** Fonts loaded and entry animations finished (endless ones, like a blinking cursor, never finish and are not waited for). */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

export async function telnetShown(page: Page): Promise<number> {
  return Number(((await page.getByTestId('telnet').textContent()) ?? '').replace(/,/g, ''));
}

/** Two players, each in their own browser context (own cookies, own socket), both on the Mainframe. */
export async function twoPlayers(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = desktop,
) {
  const a = { ...(await newPage(browser, viewport)), player: newPlayer() };
  const b = { ...(await newPage(browser, viewport)), player: newPlayer() };
  await registerViaUi(a.page, baseUrl, a.player);
  await registerViaUi(b.page, baseUrl, b.player);
  return { a, b, close: () => Promise.all([a.context.close(), b.context.close()]) };
}

/** Waits until the tab's socket is up (the chat panel says LIVE), so a test measures delivery, not connecting. */
export async function waitForLiveLink(page: Page): Promise<void> {
  // Attached, not visible: on a phone the chat sits on its own tab.
  await page.locator('.bb-chat__link.is-live').waitFor({ state: 'attached' });
}

/** Types a line into the Mainframe chat and waits until the server took it (the box clears). */
export async function sendChat(page: Page, text: string): Promise<void> {
  const box = page.getByLabel(texts.chat.composer);
  await box.fill(text);
  await box.press('Enter');
  await waitFor(async () => (await box.inputValue()) === '', 'the chat line to be sent');
}

/** The Ping prompt (its accessible name changes with the mode). */
export function pingPrompt(page: Page) {
  return page.getByRole('textbox', {
    name: new RegExp(`^(${texts.ping.commandLabel}|${texts.ping.messageLabel('.+')})$`),
  });
}

/** Types a line at the Ping prompt and presses Enter. */
export async function pingType(page: Page, line: string): Promise<void> {
  const prompt = pingPrompt(page);
  await prompt.fill(line);
  await prompt.press('Enter');
}

/** A short random tag, so a line typed by one test is told apart from every other test's lines. */
export const unique = () => Math.random().toString(36).slice(2, 8);

/** A line of the global chat log holding `text`. */
export const chatLine = (page: Page, text: string) => page.getByTestId('chat-line').filter({ hasText: text });

/** The red '!' on the SYSTEM button. */
export const unreadBadge = (page: Page) => page.getByTestId('unread-badge');

/** The mission panel's 'n/total' progress bar (its aria-valuetext is the count). */
export const missionCount = (page: Page) =>
  page.getByTestId('mission-panel').getByRole('progressbar', { name: texts.missions.title });

/** The mission panel's current title. */
export const missionTitle = (page: Page) => page.getByTestId('mission-title');
