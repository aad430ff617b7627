import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { bootScreenTitles } from '../src/client/boot-screens';
import { bootPageName } from '../src/core/web/boot-pages';

/** The pages the server sends a browser that holds a session cookie (ADR 076): one per screen, and one for any other path. */
const signedInPage = 'signed-in.html';
const screenPage = (path: string) => `signed-in/${bootPageName(path)}.html`;
const titleSlot = '__SCREEN_TITLE__';
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** index.html's boot frame: everything inside `<div id="root">`, which the source keeps on one line. */
const rootContents = /(<div id="root">)([\s\S]*?)(<\/div>\n)/;

/**
 * The game chunk (src/client/app.tsx, loaded lazily by the boot) and what it imports, as preload links:
 * a returning player needs it at once, so the browser fetches it beside the entry instead of after the
 * entry has run and asked for it. Files index.html already loads are left out.
 */
function gamePreloads(bundle: Rollup.OutputBundle, html: string): string {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const game = chunks.find((c) => c.isDynamicEntry && [c.facadeModuleId ?? '', ...c.moduleIds].some((id) => /[\\/]src[\\/]client[\\/]app\.tsx$/.test(id)));
  if (!game) throw new Error('the build has no lazily loaded game chunk (src/client/app.tsx)');
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
  visit(game);
  const links = [
    ...[...scripts].filter((f) => !html.includes(`/${f}"`)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ...[...styles].filter((f) => !inlined.has(f) && !html.includes(`/${f}"`)).map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
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
      const preloaded = html.replace('</head>', `${gamePreloads(bundle, html)}</head>`);
      const withFrame = (frame: string) => preloaded.replace(rootContents, (_all, open: string, _old, close: string) => `${open}${frame}${close}`);
      this.emitFile({ type: 'asset', fileName: signedInPage, source: withFrame(readFileSync(join(root, 'signed-in-boot.html'), 'utf8').trim()) });
      const screenFrame = readFileSync(join(root, 'signed-in-screen-boot.html'), 'utf8').trim();
      if (!screenFrame.includes(titleSlot)) throw new Error(`signed-in-screen-boot.html has no ${titleSlot}`);
      for (const [path, title] of Object.entries(bootScreenTitles)) {
        const page = withFrame(screenFrame.replaceAll(titleSlot, escapeHtml(title))).replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)} // BITBREACH</title>`);
        this.emitFile({ type: 'asset', fileName: screenPage(path), source: page });
      }
    },
  };
}
