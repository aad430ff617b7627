/**
 * The built page a returning player gets at a screen's path (ADR 076), named by the path:
 * `/` → index, `/data-exchange` → data-exchange, `/kernel/archive` → kernel~archive. The build writes
 * `signed-in/<name>.html`; the server looks the request's path up among the files it found.
 */
export function bootPageName(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed === '/' ? 'index' : trimmed.slice(1).replaceAll('/', '~');
}
