import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientBuildState } from './client-staleness';

// `npm start` rebuilds the client only when this says so: a restart with nothing changed must not
// pay a build, and any change to what the client is built from must.
describe('deciding whether npm start rebuilds the client', () => {
  let root: string;
  const inputs = ['src/client', 'src/core', 'vite.config.ts', 'package-lock.json'];
  const outDir = () => join(root, 'dist', 'client');
  const stamp = () => join(root, 'dist', 'client-build.stamp');
  const state = () => clientBuildState(root, outDir(), stamp(), inputs);
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  /** What a build leaves: the output and the stamp of the inputs it was built from. */
  const buildNow = () => {
    write('dist/client/index.html', '<div id="root"></div>');
    writeFileSync(stamp(), `${state().hash}\n`);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'bitbreach-stale-'));
    write('src/client/main.tsx', 'render()');
    write('src/client/index.html', '<script src="main.tsx"></script>');
    write('src/core/rules.ts', 'export const cap = 14;');
    write('vite.config.ts', 'export default {}');
    write('package-lock.json', '{"packages":{}}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds on a fresh clone (nothing built yet) and after a build whose stamp is missing', () => {
    expect(state().staleBecause).toBe('no built client');
    write('dist/client/index.html', 'old');
    expect(state().staleBecause).toBe('no build stamp');
  });

  it('skips the build on a restart with nothing changed, even when every mtime moved (a checkout)', () => {
    buildNow();
    expect(state().staleBecause).toBeNull();
    utimesSync(join(root, 'src/core/rules.ts'), new Date(), new Date(Date.now() + 60_000));
    expect(state().staleBecause).toBeNull();
  });

  it.each([
    ['a client source edited', 'src/client/main.tsx', 'render(); hydrate()'],
    ['a client file added', 'src/client/screens/new-screen.tsx', 'export {}'],
    ['a shared core file edited', 'src/core/rules.ts', 'export const cap = 15;'],
    ['the page shell edited', 'src/client/index.html', '<script src="other.tsx"></script>'],
    ['the build config edited', 'vite.config.ts', 'export default { base: "/x/" }'],
    ['a dependency upgraded', 'package-lock.json', '{"packages":{"react":{}}}'],
  ])('rebuilds after %s', (_what, path, text) => {
    buildNow();
    write(path, text);
    expect(state().staleBecause).toBe('client sources changed');
  });

  it('ignores test files, which never reach the browser', () => {
    buildNow();
    write('src/client/lib/api.test.ts', 'it()');
    expect(state().staleBecause).toBeNull();
  });
});
