import type { Plugin, Rollup } from 'vite';

/**
 * Build only: the stylesheet index.html links (the entry's CSS: fonts' @font-face, base.css, the
 * frame and the login screen) is written into the page as a <style>, so the first paint waits for
 * no stylesheet request (ADR 069). It is the entry's own CSS, generated from the sources at every
 * build, never a hand-kept copy; the screens' CSS still comes with their lazily loaded chunks. The
 * CSP allows inline styles (security-headers.ts); inline scripts stay forbidden, so no onload trick.
 */
export function inlineEntryCssPlugin(): Plugin {
  return {
    name: 'bitbreach-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
          const asset = bundle[file] as Rollup.OutputAsset | undefined;
          if (asset?.type !== 'asset') return link;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
        });
      },
    },
  };
}
