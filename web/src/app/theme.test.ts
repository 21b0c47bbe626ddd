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
    const tokens = appSystem().tokens;
    const hexOf = (name: string): string => {
      const token = tokens.getByName(name);
      const reference = /^\{(.+)\}$/.exec(String(token?.originalValue))?.[1];
      return reference ? hexOf(reference) : String(token?.value);
    };
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((at) => {
        const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
        return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const contrastOnWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);
    expect(contrastOnWhite(hexOf('colors.gray.400'))).toBeLessThan(3);
    const weak = ['gray', 'red', 'orange', 'green', 'blue']
      .map((palette) => [palette, contrastOnWhite(hexOf(`colors.${palette}.focusRing`))] as const)
      .filter(([, contrast]) => contrast < 3);
    expect(weak).toEqual([]);
  });

  it('is built once', () => {
    expect(appSystem()).toBe(appSystem());
  });
});
