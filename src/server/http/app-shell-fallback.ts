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
 * returning player, so its first paint is the game's frame rather than the login splash (ADR 076). Only the
 * cookie's presence is read — no session lookup on the page request; a stale cookie costs one frame
 * before the boot's session check shows the login screen.
 */
export function appShellPage(sessionCookie: string | undefined): 'index.html' | 'signed-in.html' {
  return sessionCookie ? 'signed-in.html' : 'index.html';
}
