import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineEntryCssPlugin } from './scripts/inline-entry-css';
import { precompressPlugin } from './scripts/precompress';
import { signedInShellPlugin } from './scripts/signed-in-shell';

const clientRoot = fileURLToPath(new URL('./src/client', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/client', import.meta.url));
// The API server's dev port (architecture.md: port 5000 by default). 127.0.0.1 rather than
// 'localhost': Node resolves localhost to ::1 first, and the server listens on IPv4.
const apiTarget = 'http://127.0.0.1:5000';

export default defineConfig({
  root: clientRoot,
  // precompressPlugin: .br/.gz beside each file, sent by the server as they are (issue 13 item 6).
  // inlineEntryCssPlugin: the first paint's CSS inside index.html, no render-blocking request (ADR 069).
  // signedInShellPlugin: the same page with the game's frame for a returning player (ADR 076).
  plugins: [react(), inlineEntryCssPlugin(), signedInShellPlugin(), precompressPlugin()],
  build: {
    outDir,
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: which chunks each entry loads (the login-size test, the bench).
    manifest: true,
    // Every browser the game supports has <link rel=modulepreload>: the polyfill would only add to
    // the login screen's first load (ADR 040).
    modulePreload: { polyfill: false },
    // Fonts stay files: inlined as base64 they would swell the render-blocking CSS, and as files the
    // browser fetches only the unicode ranges a page uses.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  preview: { port: 5173 },
});
