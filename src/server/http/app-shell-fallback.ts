import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { bootPageName } from '../../core/web/boot-pages';

/**
 * Whether an unknown GET path is answered with the app's HTML (the client router shows the screen or
 * its 404 screen) rather than a plain 404. A path that names a file (a dot in its last segment, or
 * anything under /assets/) is a missing file, not a screen: an HTML page there would tell a crawler
 * or a stale chunk import that the file exists (ADR 069).
 */
export function answersWithAppShell(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split(/[?#]/, 1)[0] ?? '';
  if (path.startsWith('/api/') || path === '/api' || path.startsWith('/assets/')) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/**
 * Which copy of the app's page a screen path gets: a browser holding a session cookie is most likely a
 * returning player, so its first paint is the game's frame — with the screen's title where the build
 * wrote a page for that screen — rather than the login splash (ADR 076). Only the cookie's presence is
 * read, no session lookup on a page request; a stale cookie costs one frame before the boot's session
 * check shows the login screen.
 */
export function appShellPage(url: string, sessionCookie: string | undefined, screenPages: ReadonlySet<string>): string {
  if (!sessionCookie) return 'index.html';
  const name = bootPageName(url.split(/[?#]/, 1)[0] ?? '/');
  return screenPages.has(name) ? `signed-in/${name}.html` : 'signed-in.html';
}

/** The screens the built client has a signed-in page for (`signed-in/<name>.html`), read once at start. */
export function builtScreenPages(staticDir: string): ReadonlySet<string> {
  const dir = join(staticDir, 'signed-in');
  if (!existsSync(dir)) return new Set();
  return new Set(
    readdirSync(dir)
      .filter((f) => f.endsWith('.html'))
      .map((f) => f.slice(0, -'.html'.length)),
  );
}
