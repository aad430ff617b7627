import { virusTexts } from '../core/texts/virus';

/**
 * spec §2's paths, one per screen. routes.tsx maps them to screens; the signed-out frame (which
 * loads before the router, ADR 040) uses them to tell the login screen from the 404 screen.
 */
export const routePaths = {
  mainframe: '/',
  leaderboard: '/leaderboard',
  guide: '/guide',
  inventory: '/inventory',
  kernel: '/kernel',
  optimizer: '/optimizer',
  terminal: '/chatroom',
  ping: '/ping',
  dataExchange: '/data-exchange',
  blockchain: '/blockchain',
  virus: '/virus',
  settings: '/settings',
} as const;

/** The Kernel's archive of past seasons (ADR 053): reached from the Kernel screen, not the SYSTEM menu. */
export const kernelArchivePath = '/kernel/archive';

/**
 * The moderator console (ADR 058): not in the SYSTEM menu; a signed-out moderator signs in here, and a
 * signed-in player who finds it sees the 404 screen (the server answers the console's calls with 404).
 */
export const consoleScreenPath = '/admin';

const knownPaths: ReadonlySet<string> = new Set([...Object.values(routePaths), kernelArchivePath, consoleScreenPath]);

/** Whether a path is one of the game's screens (else the 404 screen shows, signed in or not). */
export function isScreenPath(pathname: string): boolean {
  // The router matches with or without a trailing slash.
  return knownPaths.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

/** Shown above the login screen when a signed-out player opens the path (spec §2 Virus). */
export const signedOutNotices: Readonly<Record<string, string>> = { [routePaths.virus]: virusTexts.loginRequired };
