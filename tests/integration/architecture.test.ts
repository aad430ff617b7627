import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layers of docs/../shared/guides/architecture.md, checked on every run instead of by review.
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
}

describe('architecture', () => {
  it('src/core imports nothing from the server, the client, React, Fastify or Drizzle', () => {
    const offenders = sourceFiles('src/core').flatMap((file) =>
      importsOf(file)
        .filter((spec) => /(^|\/)(server|client)\/|^react|^fastify|^@fastify|^drizzle|^postgres|^@electric-sql/.test(spec))
        .map((spec) => `${relative('.', file)} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("no server feature reaches into another feature's store, except through the allowed readers", () => {
    const offenders = sourceFiles('src/server/features').flatMap((file) => {
      const feature = relative('src/server/features', file).split('/')[0];
      return importsOf(file)
        .filter((spec) => /\.\.\/([a-z-]+)\/store$/.test(spec))
        .filter((spec) => /\.\.\/([a-z-]+)\/store$/.exec(spec)![1] !== feature)
        .map((spec) => `${relative('.', file)} → ${spec}`);
    });
    // Allowed for now, each with its reason: taps and missions read the player row they changed
    // (auth owns users) in their own transaction; Telnet and items go through src/server/wallet
    // and src/server/inventory, which are not features.
    expect(offenders.sort()).toEqual(
      [
        'src/server/features/missions/service.ts → ../auth/store',
        'src/server/features/taps/service.ts → ../auth/store',
        'src/server/features/taps/store.ts → ../auth/store',
      ].sort(),
    );
  });

  it('the client never renders HTML from data', () => {
    const offenders = sourceFiles('src/client').filter((file) => /dangerouslySetInnerHTML|innerHTML\s*=/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
