import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// ui.md: text meets WCAG AA (4.5:1) against its background. The tokens are read from tokens.css
// itself, so a palette change that breaks contrast fails here before it ships.
const css = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8');
const token = (name: string): string => {
  const match = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})`).exec(css);
  if (!match?.[1]) throw new Error(`no --${name} in tokens.css`);
  return match[1];
};

function luminance(hex: string): number {
  const channel = (i: number) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const textTokens = [
  'text',
  'muted',
  'accent',
  'link',
  'telnet',
  'danger',
  'rarity-common',
  'rarity-rare',
  'rarity-epic',
  'rarity-legendary',
];
const backgrounds = ['bg', 'panel', 'panel-raised'];

describe('palette contrast', () => {
  it.each(textTokens.flatMap((t) => backgrounds.map((b) => [t, b] as const)))(
    '--%s on --%s is at least 4.5:1',
    (t, b) => {
      expect(contrast(token(t), token(b))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(['accent', 'danger', 'link', 'telnet'])('--on-accent on --%s is at least 4.5:1', (fill) => {
    expect(contrast(token('on-accent'), token(fill))).toBeGreaterThanOrEqual(4.5);
  });
});
