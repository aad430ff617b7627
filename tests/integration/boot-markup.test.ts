import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BootFrame, SignedInBootFrame } from '../../src/client/boot';
import { bootScreens } from '../../src/client/boot-screens';

// index.html carries the boot frame so the first paint needs only the HTML and CSS (ADR 040); React
// then renders the same frame in its place. If they drift apart, the page jumps when the script runs.
describe('the boot frame in index.html', () => {
  it('is exactly what React renders while the session is checked', () => {
    const html = readFileSync('src/client/index.html', 'utf8');
    const root = /<div id="root">([\s\S]*?)<\/div>\n/.exec(html)?.[1];
    expect(root).toBe(renderToStaticMarkup(createElement(BootFrame)));
  });

  it("the returning player's frame (signed-in-boot.html, the server's signed-in.html) is what React renders for them", () => {
    const frame = readFileSync('src/client/signed-in-boot.html', 'utf8').trim();
    expect(frame).toBe(renderToStaticMarkup(createElement(SignedInBootFrame)));
  });

  it("each screen's page for a returning player (signed-in-screen-boot.html with the screen's title) is what React renders there", () => {
    const frame = readFileSync('src/client/signed-in-screen-boot.html', 'utf8').trim();
    expect(Object.keys(bootScreens).length).toBeGreaterThan(10);
    for (const { title } of Object.values(bootScreens)) {
      expect(frame.replaceAll('__SCREEN_TITLE__', title), title).toBe(
        renderToStaticMarkup(createElement(SignedInBootFrame, { title })),
      );
    }
  });
});
