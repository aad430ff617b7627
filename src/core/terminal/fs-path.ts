/**
 * File-system paths of the Terminal (spec §5, docs/game-rules.md §18), pure and shared: the client
 * completes with them and the server resolves every path with them before any SQL sees it. A path
 * is absolute ('/', '/vault', '/vault/deep'); each name is ASCII letters, digits, '-' or '_', so no
 * Unicode look-alike, separator, dot-segment, NUL or control character can name anything outside
 * the owner's tree.
 */

/** spec §3 file-system item name of the Token; reserved, so no directory can take it. */
export const tokenName = 'Token';
/** Longest directory name. */
export const maxNameLength = 24;
/** Deepest directory: '/a/b/c/d/e/f/g/h'. */
export const maxDepth = 8;
/** Longest path argument the server reads at all (a 10 KB name is refused before it is split). */
export const maxPathInputLength = 256;

// Why only these: '/' separates, '.' and '..' move, spaces split commands, and anything outside
// ASCII can look like another name (Cyrillic 'а' vs Latin 'a') or hide (zero-width, bidi).
const namePattern = /^[A-Za-z0-9_-]+$/;

export type PathError =
  'empty-path' | 'path-too-long' | 'name-too-long' | 'bad-characters' | 'reserved-name' | 'too-deep';
export type PathResult = { ok: true; path: string } | { ok: false; error: PathError };
export type NameResult = { ok: true; name: string } | { ok: false; error: PathError };

/** A new directory's name, or why it is refused. */
export function validateName(name: string): NameResult {
  if (name.length === 0) return { ok: false, error: 'empty-path' };
  if (name.length > maxNameLength) return { ok: false, error: 'name-too-long' };
  if (!namePattern.test(name)) return { ok: false, error: 'bad-characters' };
  if (name.toLowerCase() === tokenName.toLowerCase()) return { ok: false, error: 'reserved-name' };
  return { ok: true, name };
}

/** The names of an absolute, already-normal path: '/' has none. */
export function segmentsOf(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

/** Joins names into an absolute path. */
export function pathOf(segments: readonly string[]): string {
  return `/${segments.join('/')}`;
}

/** The directory that holds a path ('/' for '/' itself). */
export function parentOf(path: string): string {
  return pathOf(segmentsOf(path).slice(0, -1));
}

/** The last name of a path ('' for '/'). */
export function baseName(path: string): string {
  return segmentsOf(path).at(-1) ?? '';
}

/**
 * Resolves what a player typed against the current directory, as a shell does: absolute or
 * relative, '.' stays, '..' goes up (and stays at '/' at the top), repeated and trailing slashes
 * are ignored. The result is always inside the tree: '/' or '/name/…' with every name valid,
 * except that the last name may be the Token when `allowToken` is set (hack's tokenPath).
 */
export function resolvePath(cwd: string, input: string, options: { allowToken?: boolean } = {}): PathResult {
  if (input.length === 0) return { ok: false, error: 'empty-path' };
  if (input.length > maxPathInputLength) return { ok: false, error: 'path-too-long' };
  const base = input.startsWith('/') ? [] : segmentsOf(cwd);
  const parts = input.split('/');
  const out = [...base];
  for (const [i, part] of parts.entries()) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      out.pop();
      continue;
    }
    const isLast = parts.slice(i + 1).every((p) => p === '');
    if (options.allowToken && isLast && part === tokenName) {
      out.push(part);
      continue;
    }
    const name = validateName(part);
    if (!name.ok) return name;
    out.push(part);
  }
  const tokenDepth = out.at(-1) === tokenName ? 1 : 0;
  if (out.length - tokenDepth > maxDepth) return { ok: false, error: 'too-deep' };
  return { ok: true, path: pathOf(out) };
}

/** Whether a stored path is in normal form (what the server writes and the database CHECKs). */
export function isNormalPath(path: string): boolean {
  if (path === '/') return true;
  const segments = path.split('/');
  return segments[0] === '' && segments.length - 1 <= maxDepth && segments.slice(1).every((s) => validateName(s).ok);
}
