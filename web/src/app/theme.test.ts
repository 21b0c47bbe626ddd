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

  it('is built once', () => {
    expect(appSystem()).toBe(appSystem());
  });
});
