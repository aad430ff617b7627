// Shared by the local rules: where an import really points, and a small glob matcher,
// so `../../server/db/../db/schema` is caught as surely as `../db/schema`.
import { builtinModules } from 'node:module';
import path from 'node:path';

const globCache = new Map();

/** '**' any depth, '*' one segment, '{a,b}' alternatives; matched against a repo-relative path. */
export function globToRegExp(glob) {
  let cached = globCache.get(glob);
  if (cached) return cached;
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      // 'a/**' also matches 'a' itself; '**/b' matches 'b' at any depth.
      if (glob[i + 2] === '/') {
        source += '(?:.*/)?';
        i += 2;
      } else {
        source += '.*';
        i += 1;
      }
      if (source.endsWith('/.*')) source = source.slice(0, -3) + '(?:/.*)?';
    } else if (c === '*') source += '[^/]*';
    else if (c === '{') source += '(?:';
    else if (c === '}') source += ')';
    else if (c === ',') source += '|';
    else source += c.replace(/[.+^$()|[\]\\?]/g, '\\$&');
  }
  cached = new RegExp(`^${source}$`);
  globCache.set(glob, cached);
  return cached;
}

export function matchesAny(relPath, globs = []) {
  return globs.some((g) => globToRegExp(g).test(relPath));
}

/** The linted file, relative to ESLint's cwd, with forward slashes. */
export function relativeFile(context) {
  const cwd = context.cwd ?? context.getCwd();
  const filename = context.filename ?? context.getFilename();
  return path.relative(cwd, filename).split(path.sep).join('/');
}

/** A relative import resolved to a repo-relative module path without extension or '/index'; null for packages. */
export function resolveImport(fromRel, specifier) {
  if (!specifier.startsWith('.')) return null;
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(fromRel), specifier));
  return joined.replace(/\.(?:[cm]?[jt]sx?)$/, '').replace(/\/index$/, '');
}

/** 'drizzle-orm/pg-core' → 'drizzle-orm'; '@fastify/cookie' → '@fastify/cookie'. */
export function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

export function isNodeBuiltin(specifier) {
  return specifier.startsWith('node:') || builtinModules.includes(packageName(specifier));
}

/** Every way a module names another: import, export … from, import(), import type, import('x').T. */
export function importVisitors(check) {
  const literal = (node, source) => {
    if (source && source.type === 'Literal' && typeof source.value === 'string') check(node, source.value);
  };
  return {
    ImportDeclaration: (node) => literal(node, node.source),
    ExportNamedDeclaration: (node) => literal(node, node.source),
    ExportAllDeclaration: (node) => literal(node, node.source),
    ImportExpression: (node) => literal(node, node.source),
    TSImportType: (node) =>
      literal(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    TSExternalModuleReference: (node) => literal(node, node.expression),
    'CallExpression[callee.name="require"]': (node) => literal(node, node.arguments[0]),
  };
}
