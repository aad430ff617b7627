import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether a socket handshake may go on (cross-site WebSocket hijacking defence): a browser always
 * sends Origin on a WebSocket handshake, and it must name this very host. A request without Origin
 * is allowed only when nothing marks it as coming from a browser (tools, tests, the benchmark):
 * without a browser there are no ambient cookies to hijack.
 */
export function isAllowedSocketOrigin(headers: IncomingHttpHeaders, host: string): boolean {
  const origin = headers.origin;
  if (origin === undefined) return !looksLikeBrowser(headers);
  if (origin === 'null') return false;
  try {
    return new URL(origin).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

function looksLikeBrowser(headers: IncomingHttpHeaders): boolean {
  return (
    headers['sec-fetch-mode'] !== undefined ||
    headers['sec-fetch-site'] !== undefined ||
    /Mozilla\//.test(headers['user-agent'] ?? '')
  );
}
