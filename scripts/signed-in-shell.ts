import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { bootScreens } from '../src/client/boot-screens';
import { bootPageName } from '../src/core/web/boot-pages';

/** The pages the server sends a browser that holds a session cookie (ADR 076): one per screen, and one for any other path. */
const signedInPage = 'signed-in.html';
const screenPage = (path: string) => `signed-in/${bootPageName(path)}.html`;
const titleSlot = '__SCREEN_TITLE__';
/** The game's code, which the boot loads lazily once the player is signed in. */
const gameModule = 'app.tsx';
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** index.html's boot frame: everything inside `<div id="root">`, which the source keeps on one line. */
const rootContents = /(<div id="root">)([\s\S]*?)(<\/div>\n)/;

/** The lazily loaded chunk built from a module under src/client (its path with forward slashes). */
function chunkOf(chunks: readonly Rollup.OutputChunk[], module: string): Rollup.OutputChunk {
  const suffix = `/src/client/${module}`;
  const chunk = chunks.find(
    (c) =>
      c.isDynamicEntry &&
      [c.facadeModuleId ?? '', ...c.moduleIds].some((id) => id.replaceAll('\\', '/').endsWith(suffix)),
  );
  if (!chunk) throw new Error(`the build has no lazily loaded chunk for src/client/${module}`);
  return chunk;
}

/**
 * The game chunk (src/client/app.tsx, loaded lazily by the boot), the screen's own chunk and what they
 * import, as low-priority preload links: a returning player needs them at once, so the browser fetches
 * them beside the entry instead of one after the other as each runs and asks for the next. Low priority,
 * so they never hold back the first paint's fonts. Files index.html already loads are left out.
 */
function preloads(bundle: Rollup.OutputBundle, html: string, modules: readonly string[]): string {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const scripts = new Set<string>();
  const styles = new Set<string>();
  // The entry's CSS is inlined into the page (inline-entry-css.ts): nothing to fetch.
  const inlined = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]));
  const visit = (chunk: Rollup.OutputChunk) => {
    if (scripts.has(chunk.fileName)) return;
    scripts.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  for (const module of modules) visit(chunkOf(chunks, module));
  const links = [
    ...[...scripts]
      .filter((f) => !html.includes(`/${f}"`))
      .map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${f}">`),
    ...[...styles]
      .filter((f) => !inlined.has(f) && !html.includes(`/${f}"`))
      .map((f) => `<link rel="preload" as="style" crossorigin fetchpriority="low" href="/${f}">`),
  ];
  return links.join('');
}

/**
 * Build only: copies of the finished index.html (inlined CSS, hashed script names) whose boot frame is
 * the game's frame — with the screen's title on each screen's own copy — and its loading line instead of
 * the login splash, so a returning player's first paint is the game rather than a login screen. The
 * frames' markup is src/client/signed-in-boot.html and signed-in-screen-boot.html, kept equal to what React
 * renders by boot-markup.test.ts; the precompress step then compresses them like every other file.
 */
export function signedInShellPlugin(): Plugin {
  let root = '';
  return {
    name: 'bitbreach-signed-in-shell',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'] as Rollup.OutputAsset | undefined;
      if (index?.type !== 'asset') throw new Error('the build produced no index.html');
      const html = typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source);
      if (!rootContents.test(html)) throw new Error('index.html has no one-line <div id="root"> boot frame');
      const page = (frame: string, modules: readonly string[]) =>
        html
          .replace(rootContents, (_all, open: string, _old, close: string) => `${open}${frame}${close}`)
          .replace('</head>', `${preloads(bundle, html, modules)}</head>`);
      this.emitFile({
        type: 'asset',
        fileName: signedInPage,
        source: page(readFileSync(join(root, 'signed-in-boot.html'), 'utf8').trim(), [gameModule]),
      });
      const screenFrame = readFileSync(join(root, 'signed-in-screen-boot.html'), 'utf8').trim();
      if (!screenFrame.includes(titleSlot)) throw new Error(`signed-in-screen-boot.html has no ${titleSlot}`);
      for (const [path, { title, module }] of Object.entries(bootScreens)) {
        const modules = module === null ? [gameModule] : [gameModule, module];
        const source = page(screenFrame.replaceAll(titleSlot, escapeHtml(title)), modules).replace(
          /<title>[^<]*<\/title>/,
          `<title>${escapeHtml(title)} // BITBREACH</title>`,
        );
        this.emitFile({ type: 'asset', fileName: screenPage(path), source });
      }
    },
  };
}
