import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** The page the server sends a browser that holds a session cookie (ADR 076). */
const signedInPage = 'signed-in.html';

/** index.html's boot frame: everything inside `<div id="root">`, which the source keeps on one line. */
const rootContents = /(<div id="root">)([\s\S]*?)(<\/div>\n)/;

/**
 * Build only: a second copy of the finished index.html (inlined CSS, hashed script names) whose boot
 * frame is the game's frame with its loading line instead of the login splash, so a returning player's
 * first paint is the game rather than a login screen. The frame's markup is src/client/signed-in-boot.html,
 * kept equal to what React renders by boot-markup.test.ts; the precompress step then compresses it
 * like every other file.
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
      const frame = readFileSync(join(root, 'signed-in-boot.html'), 'utf8').trim();
      this.emitFile({ type: 'asset', fileName: signedInPage, source: html.replace(rootContents, (_all, open: string, _old, close: string) => `${open}${frame}${close}`) });
    },
  };
}
