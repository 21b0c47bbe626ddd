import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appSystem } from './theme.ts';

const sourceDir = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [full] : [];
  });
}

/** Colour tokens written in the app's style props and recipes' palettes: "blue.700", colorPalette="green". */
function colourTokensUsed(): Set<string> {
  const used = new Set<string>();
  const colour = /\b(gray|red|orange|yellow|green|teal|blue|cyan|purple|pink)\.(\d{2,3}|[a-z]+)\b/g;
  const palette = /colorPalette[=:]\s*["'{]?\s*["']?([a-z]+)["']/g;
  for (const file of sourceFiles(sourceDir)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(colour)) used.add(`colors.${match[1]}.${match[2]}`);
    for (const match of text.matchAll(palette)) used.add(`colors.${match[1]}.solid`);
  }
  return used;
}

const palettes = ['gray', 'red', 'orange', 'green', 'blue'];

/** A colour token's red, green and blue (0 to 1), following the tokens it refers to. */
function colourOf(name: string): number[] {
  const token = appSystem().tokens.getByName(name);
  const reference = /^\{(.+)\}$/.exec(String(token?.originalValue))?.[1];
  if (reference) return colourOf(reference);
  const hex = String(token?.value);
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
}

/** WCAG's contrast ratio of a colour with white. */
function contrastWithWhite(rgb: number[]): number {
  const [r, g, b] = rgb.map((channel) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4));
  return 1.05 / (0.2126 * r! + 0.7152 * g! + 0.0722 * b! + 0.05);
}

describe('the styling system', () => {
  it('defines every colour the app uses (palettes are trimmed to keep start-up fast)', () => {
    const used = [...colourTokensUsed()];
    expect(used.length).toBeGreaterThan(10);
    const tokens = appSystem().tokens;
    const missing = used.filter((name) => tokens.getByName(name) === undefined);
    expect(missing).toEqual([]);
  });

  it('leaves out the palettes nobody uses', () => {
    const tokens = appSystem().tokens;
    expect(tokens.getByName('colors.blue.700')).toBeDefined();
    expect(tokens.getByName('colors.purple.500')).toBeUndefined();
  });

  it('draws every palette’s focus ring at 3:1 or more against white (WCAG 1.4.11)', () => {
    expect(contrastWithWhite(colourOf('colors.gray.400'))).toBeLessThan(3);
    const weak = palettes
      .map((palette) => [palette, contrastWithWhite(colourOf(`colors.${palette}.focusRing`))] as const)
      .filter(([, contrast]) => contrast < 3);
    expect(weak).toEqual([]);
  });

  it('writes white words on every palette’s solid buttons at 4.5:1 or more, hovered too (WCAG 1.4.3)', () => {
    // A hovered solid button is its colour at 90% over the white page (solid/90 in Chakra's button recipe).
    const hovered = (rgb: number[]) => rgb.map((channel) => channel * 0.9 + 0.1);
    const weak = palettes
      .map((palette) => {
        const solid = colourOf(`colors.${palette}.solid`);
        return [palette, Math.min(contrastWithWhite(solid), contrastWithWhite(hovered(solid)))] as const;
      })
      .filter(([, contrast]) => contrast < 4.5);
    expect(weak).toEqual([]);
  });

  it('is built once', () => {
    expect(appSystem()).toBe(appSystem());
  });
});
